// Plain C loops of the same arithmetic as SensorBench's hot paths, for `sensorbench bench` to compare against.
// Written for this project; only the bench links this target.
#ifndef CBENCHREFERENCE_H
#define CBENCHREFERENCE_H

#include <stddef.h>
#include <stdint.h>

/// One turn of a walk plan: samples [start, start + count) turn at `rate` rad/s.
typedef struct {
    long start;
    long count;
    double rate;
} cbr_turn;

/// The drift model's constants, as GyroErrorModel, WalkMotion and HeadingTracker derive them from a profile.
typedef struct {
    long samples;
    double dt;
    double tilt_factor;
    double max_gap;
    /// Device: turn-on bias rad/s, scale-factor error and asymmetry (fractions).
    double bias, scale_error, asymmetry;
    /// Noise: white σ rad/s, Gauss–Markov φ, σ and driving σ, random-walk step σ, quantisation step, range.
    double white_sigma, gm_phi, gm_sigma, gm_driving_sigma, rw_step_sigma, quant_step, range;
    /// Sway: peak rate rad/s and the per-sample rotation (cos, sin).
    double sway_peak_rate, step_cos, step_sin;
} cbr_drift_model;

/// Runs `walks` walks of the drift model (turns as given, every pause ignored: the C loop is the speed limit,
/// not the study) with GSL's MT19937 and ziggurat seeded `seed`; returns the sum of final drifts, rad.
double cbr_drift_walks(const cbr_drift_model *m, const cbr_turn *turns, size_t turn_count, unsigned long seed,
                       int walks);

/// Draws `count` Gaussian variates (GSL ziggurat, MT19937 seeded `seed`) and returns their sum.
double cbr_gaussians(unsigned long seed, long count);

/// Threshold-count shake detection over one timeline of samples (timestamps s, acceleration g): the same
/// validation, excursion counting, window and cooldown as ShakeDetector with kind threshold-count on
/// user-acceleration input. Returns the number of events.
long cbr_shake_threshold_count(const double *t, const double *x, const double *y, const double *z, long count,
                               double threshold_g, int required, double window_s, double cooldown_s);

#endif
