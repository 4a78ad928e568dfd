// Shake detection in plain C: the arithmetic of ShakeDetector.consume (validation, cooldown gate) and of
// ThresholdCountShakeDetector.consume (squared magnitude, excursion starts in a ring of k, window check),
// WindowFractionShakeDetector.consume (the window of the last W seconds in a ring, the accelerating count),
// ReversalShakeDetector.consume (excursions, their peaks, the 120° reversal test, reversal times in a ring of N) and
// RawMagnitudeShakeDetector.consume (hits on the raw magnitude in a ring of k).
#include "CBenchReference.h"
#include "time_ring.h"

#include <math.h>
#include <stdlib.h>

// requiredCount's upper bound in ShakeDetectorConfiguration's validation.
enum { cbr_max_required = cbr_time_ring_capacity };

// Appends `t`; true when the ring then spans at most W, and then empties it (an event).
static int cbr_ring_push_fires(cbr_time_ring *r, double t, double window_s) {
    cbr_time_ring_push(r, t);
    if (!cbr_time_ring_spans_within(r, t, window_s)) return 0;
    cbr_time_ring_clear(r);
    return 1;
}

long cbr_shake_threshold_count(const double *ts, const double *x, const double *y, const double *z, long count,
                               const cbr_shake_count_config *c, long *events) {
    if (c->required < 1 || c->required > cbr_max_required) return -1;
    cbr_time_ring starts = {.head = 0, .stored = 0, .required = (int)c->required};
    int previous_above = 0;
    double last_t = -INFINITY, cooldown_ends = -INFINITY;
    double t2 = c->threshold_g * c->threshold_g;
    long fired = 0;
    for (long k = 0; k < count; k++) {
        double t = ts[k], ax = x[k], ay = y[k], az = z[k];
        if (!isfinite(t) || !isfinite(ax) || !isfinite(ay) || !isfinite(az) || !(t >= last_t)) continue;
        last_t = t;
        int gathers = t >= cooldown_ends;
        int above = ax * ax + ay * ay + az * az > t2;
        int begins = above && !previous_above;
        previous_above = above;
        if (!(begins && gathers)) continue;
        if (!cbr_ring_push_fires(&starts, t, c->window_s)) continue;
        events[fired++] = k;
        cooldown_ends = t + c->cooldown_s;
    }
    return fired;
}

long cbr_shake_reversal(const double *ts, const double *x, const double *y, const double *z, long count,
                        const cbr_shake_count_config *c, long *events) {
    if (c->required < 1 || c->required > cbr_max_required) return -1;
    cbr_time_ring reversals = {.head = 0, .stored = 0, .required = (int)c->required};
    int in_excursion = 0, excursion_counts = 0, has_reference = 0;
    double px = 0, py = 0, pz = 0, p2 = 0;  // the current excursion's peak and its squared magnitude
    double rx = 0, ry = 0, rz = 0, r2 = 0;  // the reference: the previous counted excursion's peak
    double last_t = -INFINITY, cooldown_ends = -INFINITY;
    double t2 = c->threshold_g * c->threshold_g;
    long fired = 0;
    for (long k = 0; k < count; k++) {
        double t = ts[k], ax = x[k], ay = y[k], az = z[k];
        if (!isfinite(t) || !isfinite(ax) || !isfinite(ay) || !isfinite(az) || !(t >= last_t)) continue;
        last_t = t;
        int gathers = t >= cooldown_ends;
        double m2 = ax * ax + ay * ay + az * az;
        if (!(m2 > t2)) {
            if (in_excursion) {
                in_excursion = 0;
                if (excursion_counts) {
                    rx = px;
                    ry = py;
                    rz = pz;
                    r2 = p2;
                    has_reference = 1;
                }
            }
            continue;
        }
        if (in_excursion) {
            if (m2 > p2) {
                px = ax;
                py = ay;
                pz = az;
                p2 = m2;
            }
            continue;
        }
        in_excursion = 1;
        excursion_counts = gathers;
        px = ax;
        py = ay;
        pz = az;
        p2 = m2;
        if (!(gathers && has_reference)) continue;
        // A reversal: more than 120° from the reference, a·p < −½ |a| |p|, without a square root.
        double dot = ax * rx + ay * ry + az * rz;
        if (!(dot < 0 && dot * dot > 0.25 * m2 * r2)) continue;
        if (!cbr_ring_push_fires(&reversals, t, c->window_s)) continue;
        has_reference = 0;
        excursion_counts = 0;
        events[fired++] = k;
        cooldown_ends = t + c->cooldown_s;
    }
    return fired;
}

long cbr_shake_raw_magnitude(const double *ts, const double *x, const double *y, const double *z, long count,
                             const cbr_shake_count_config *c, long *events) {
    if (c->required < 1 || c->required > cbr_max_required) return -1;
    cbr_time_ring hits = {.head = 0, .stored = 0, .required = (int)c->required};
    double last_t = -INFINITY, cooldown_ends = -INFINITY;
    double t2 = c->threshold_g * c->threshold_g;
    long fired = 0;
    for (long k = 0; k < count; k++) {
        double t = ts[k], ax = x[k], ay = y[k], az = z[k];
        if (!isfinite(t) || !isfinite(ax) || !isfinite(ay) || !isfinite(az) || !(t >= last_t)) continue;
        last_t = t;
        if (!(t >= cooldown_ends) || !(ax * ax + ay * ay + az * az >= t2)) continue;
        if (!cbr_ring_push_fires(&hits, t, c->window_s)) continue;
        events[fired++] = k;
        cooldown_ends = t + c->cooldown_s;
    }
    return fired;
}

long cbr_shake_window_fraction(const double *ts, const double *x, const double *y, const double *z, long count,
                               const cbr_window_fraction_config *c, long capacity, long *events) {
    if (capacity < 1) return -1;
    // The window: (timestamp, accelerating) pairs in a ring of `capacity`, as WindowFractionShakeDetector keeps
    // them; doubled when full.
    double *times = malloc(sizeof(double) * (size_t)capacity);
    unsigned char *flags = malloc((size_t)capacity);
    if (times == NULL || flags == NULL) {
        free(times);
        free(flags);
        return -2;
    }
    long head = 0, stored = 0, accelerating_count = 0, fired = 0;
    double last_t = -INFINITY, cooldown_ends = -INFINITY;
    double t2 = c->threshold_g * c->threshold_g;
    for (long k = 0; k < count; k++) {
        double t = ts[k], ax = x[k], ay = y[k], az = z[k];
        if (!isfinite(t) || !isfinite(ax) || !isfinite(ay) || !isfinite(az) || !(t >= last_t)) continue;
        last_t = t;
        if (!(t >= cooldown_ends)) continue;
        int accelerating = ax * ax + ay * ay + az * az > t2;
        double cutoff = t - c->window_s - 1e-9;
        while (stored > 0 && times[head] < cutoff) {
            accelerating_count -= flags[head];
            head = head + 1 == capacity ? 0 : head + 1;
            stored--;
        }
        if (stored == capacity) {
            long bigger = capacity * 2;
            double *t_new = malloc(sizeof(double) * (size_t)bigger);
            unsigned char *f_new = malloc((size_t)bigger);
            if (t_new == NULL || f_new == NULL) {
                free(t_new);
                free(f_new);
                fired = -2;
                break;
            }
            for (long i = 0; i < stored; i++) {
                long j = head + i >= capacity ? head + i - capacity : head + i;
                t_new[i] = times[j];
                f_new[i] = flags[j];
            }
            free(times);
            free(flags);
            times = t_new;
            flags = f_new;
            head = 0;
            capacity = bigger;
        }
        long slot = head + stored >= capacity ? head + stored - capacity : head + stored;
        times[slot] = t;
        flags[slot] = (unsigned char)accelerating;
        stored++;
        accelerating_count += accelerating;
        if (stored < c->minimum_samples || !(t - times[head] >= c->minimum_span_s - 1e-9)) continue;
        if (!((double)accelerating_count >= c->fraction * (double)stored - 1e-9)) continue;
        head = 0;
        stored = 0;
        accelerating_count = 0;
        events[fired++] = k;
        cooldown_ends = t + c->cooldown_s;
    }
    free(times);
    free(flags);
    return fired;
}
