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

/// A setting of a shake kind that counts events in a ring (threshold-count, reversal, raw-magnitude): threshold g,
/// required count (excursions, reversals or hits; 1...1000), window s, cooldown s.
typedef struct {
    double threshold_g;
    long required;
    double window_s, cooldown_s;
} cbr_shake_count_config;

/// Threshold-count shake detection over one timeline of samples (timestamps s, acceleration g): the same
/// validation, excursion counting, window and cooldown as ShakeDetector with kind threshold-count on
/// user-acceleration input. Writes the index of every sample at which an event fires to `events` (room for
/// `count`); returns the number of events, or -1 for a required count outside 1...1000.
long cbr_shake_threshold_count(const double *t, const double *x, const double *y, const double *z, long count,
                               const cbr_shake_count_config *c, long *events);

/// Reversal shake detection over one timeline of samples (user acceleration): the same validation, excursions and
/// their peaks, 120° reversal test against the previous counted excursion's peak, time limit and cooldown as
/// ShakeDetector with kind reversal. Writes the firing sample indices to `events` (room for `count`); returns
/// their number, or -1 for a required count outside 1...1000.
long cbr_shake_reversal(const double *t, const double *x, const double *y, const double *z, long count,
                        const cbr_shake_count_config *c, long *events);

/// Raw-magnitude shake detection over one timeline of raw readings (gravity included, none removed): the same
/// validation, hits (squared magnitude ≥ T²), window and cooldown as ShakeDetector with kind raw-magnitude. Writes
/// the firing sample indices to `events` (room for `count`); returns their number, or -1 for a required count
/// outside 1...1000.
long cbr_shake_raw_magnitude(const double *t, const double *x, const double *y, const double *z, long count,
                             const cbr_shake_count_config *c, long *events);

/// A window-fraction setting: threshold g, window s, required fraction, minimum span s and sample count, cooldown s.
typedef struct {
    double threshold_g, window_s, fraction, minimum_span_s;
    long minimum_samples;
    double cooldown_s;
} cbr_window_fraction_config;

/// Window-fraction shake detection over one timeline of samples (user acceleration): the same validation,
/// window, fraction test and cooldown as ShakeDetector with kind window-fraction. The window's ring starts with
/// `capacity` slots (as the Swift detector sizes it) and doubles when full. Writes the index of every sample at
/// which an event fires to `events` (room for `count`); returns the number of events, or a negative number when
/// out of memory.
long cbr_shake_window_fraction(const double *t, const double *x, const double *y, const double *z, long count,
                               const cbr_window_fraction_config *c, long capacity, long *events);

/// A scribble setting (ScribbleDetectorConfiguration's fields).
typedef struct {
    int required_reversals;
    double minimum_travel, path_to_diagonal_ratio, window_s, cooldown_s;
    int fires_once_per_gesture;
} cbr_scribble_config;

/// Scribble detection over one touch timeline, gesture by gesture (points [first, first + count) of each, with
/// the finger lifted after each): the same validation, path, window, bounding box, reversals and gates as
/// ScribbleDetector. Its rings start with `capacity` slots and double when full. Writes the index of every point
/// at which an event fires to `events` (room for every point); returns the number of events, or a negative
/// number for a bad setting or when out of memory.
long cbr_scribble(const double *x, const double *y, const double *t, const long *gesture_first,
                  const long *gesture_count, long gesture_total, const cbr_scribble_config *c, long capacity,
                  long *events);

#endif
