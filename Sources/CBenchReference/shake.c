// Shake detection in plain C: the arithmetic of ShakeDetector.consume (validation, cooldown gate) and of
// ThresholdCountShakeDetector.consume (squared magnitude, excursion starts in a ring of k, window check) and
// WindowFractionShakeDetector.consume (the window of the last W seconds in a ring, the accelerating count).
#include "CBenchReference.h"

#include <math.h>
#include <stdlib.h>

enum { cbr_max_required = 64 };

long cbr_shake_threshold_count(const double *ts, const double *x, const double *y, const double *z, long count,
                               double threshold_g, int required, double window_s, double cooldown_s) {
    if (required < 1 || required > cbr_max_required) return -1;
    double starts[cbr_max_required];
    int head = 0, stored = 0, previous_above = 0;
    double last_t = -INFINITY, cooldown_ends = -INFINITY;
    double t2 = threshold_g * threshold_g;
    long events = 0;
    for (long k = 0; k < count; k++) {
        double t = ts[k], ax = x[k], ay = y[k], az = z[k];
        if (!isfinite(t) || !isfinite(ax) || !isfinite(ay) || !isfinite(az) || !(t >= last_t)) continue;
        last_t = t;
        int gathers = t >= cooldown_ends;
        int above = ax * ax + ay * ay + az * az > t2;
        int begins = above && !previous_above;
        previous_above = above;
        if (!(begins && gathers)) continue;
        if (stored == required) {
            head = head + 1 == required ? 0 : head + 1;
            stored--;
        }
        int slot = head + stored;
        starts[slot >= required ? slot - required : slot] = t;
        stored++;
        if (stored == required && t - starts[head] <= window_s + 1e-9) {
            head = 0;
            stored = 0;
            events++;
            cooldown_ends = t + cooldown_s;
        }
    }
    return events;
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
