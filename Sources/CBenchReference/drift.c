// The drift pipeline in plain C + GSL: one loop of the arithmetic of WalkMotion.next, GyroErrorModel.measure
// and HeadingTracker.consumeRotationRate (rotation-rate input), in the same order of operations.
#include "CBenchReference.h"

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <limits.h>
#include <math.h>

double cbr_drift_walks(const cbr_drift_model *m, const cbr_turn *turns, size_t turn_count, unsigned long seed,
                       int walks) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    if (r == NULL) return NAN;
    gsl_rng_set(r, seed);
    // The model's constants in locals: nothing the GSL calls could alias.
    const long samples = m->samples;
    const double dt = m->dt, tilt = m->tilt_factor, max_gap = m->max_gap;
    const double bias = m->bias, range = m->range;
    const double scale_positive = 1 + m->scale_error + 0.5 * m->asymmetry;
    const double scale_negative = 1 + m->scale_error + -0.5 * m->asymmetry;
    const double white = m->white_sigma, phi = m->gm_phi, driving = m->gm_driving_sigma;
    const double rw_step = m->rw_step_sigma, quant = m->quant_step;
    const double sway_peak = m->sway_peak_rate, step_cos = m->step_cos, step_sin = m->step_sin;
    double total = 0;
    for (int w = 0; w < walks; w++) {
        double gm = m->gm_sigma == 0 ? 0 : gsl_ran_gaussian_ziggurat(r, m->gm_sigma);
        double rw = 0;
        double sway_cos = 1, sway_sin = 0;
        double true_yaw = 0, previous_true = 0;
        double yaw = 0, last_rate = 0, last_t = 0;
        int started = 0;
        long skipped = 0;
        // The walk's segment: turn rate, walking or not, and the sample at which it changes.
        size_t turn = 0;
        double rate = 0;
        int walking = 1;
        long boundary = 0;
        for (long k = 0; k < samples; k++) {
            if (k >= boundary) {
                while (turn < turn_count && turns[turn].start + turns[turn].count <= k) turn++;
                rate = 0;
                walking = 1;
                boundary = LONG_MAX;
                if (turn < turn_count) {
                    if (turns[turn].start <= k) {
                        rate = turns[turn].rate;
                        walking = 0;
                        boundary = turns[turn].start + turns[turn].count;
                    } else {
                        boundary = turns[turn].start;
                    }
                }
            }
            double omega = rate;
            if (sway_peak != 0) {
                if (walking) omega += sway_peak * sway_cos;
                double c = sway_cos * step_cos - sway_sin * step_sin;
                sway_sin = sway_sin * step_cos + sway_cos * step_sin;
                sway_cos = c;
            }
            double t = (double)k * dt;
            if (k > 0) true_yaw += 0.5 * (previous_true + omega) * dt;
            previous_true = omega;
            // Gyro error model.
            double w_in = omega * tilt;
            double reading = (w_in >= 0 ? scale_positive : scale_negative) * w_in + (bias + gm + rw);
            if (white > 0) reading += gsl_ran_gaussian_ziggurat(r, white);
            gm = driving == 0 ? phi * gm : phi * gm + gsl_ran_gaussian_ziggurat(r, driving);
            if (rw_step > 0) rw += gsl_ran_gaussian_ziggurat(r, rw_step);
            if (quant > 0) reading = round(reading / quant) * quant;
            reading = fmin(fmax(reading, -range), range);
            // Heading tracker: finite, increasing, no gap, then the trapezoid.
            if (!isfinite(reading) || !isfinite(t)) {
                skipped++;
                continue;
            }
            if (!started) {
                started = 1;
                last_t = t;
                last_rate = reading;
                continue;
            }
            double step = t - last_t;
            if (!(step > 0)) {
                skipped++;
                continue;
            }
            last_t = t;
            if (step > max_gap) {
                skipped++;
                last_rate = reading;
                continue;
            }
            yaw += 0.5 * (last_rate + reading) * step;
            last_rate = reading;
        }
        total += yaw - true_yaw + (double)skipped;
    }
    gsl_rng_free(r);
    return total;
}

double cbr_gaussians(unsigned long seed, long count) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    if (r == NULL) return NAN;
    gsl_rng_set(r, seed);
    double sum = 0;
    for (long i = 0; i < count; i++) sum += gsl_ran_gaussian_ziggurat(r, 1);
    gsl_rng_free(r);
    return sum;
}
