// Threshold-count shake detection in plain C: the arithmetic of ShakeDetector.consume (validation, cooldown gate)
// and ThresholdCountShakeDetector.consume (squared magnitude, excursion starts in a ring of k, window check).
#include "CBenchReference.h"

#include <math.h>

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
