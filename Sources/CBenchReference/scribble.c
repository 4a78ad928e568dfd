// Scribble detection in plain C: the arithmetic of ScribbleDetector.consume / touchEnded (validation, path length,
// the path window, four sliding extrema of the bounding box, two axis reversal trackers, the cooldown and
// once-per-gesture gates), fed gesture by gesture.
#include "CBenchReference.h"
#include "time_ring.h"

#include <math.h>
#include <stdlib.h>

enum { cbr_max_reversals = 100 };

/// A queue of (time, value) pairs over one buffer: the same ring as GestureRingBuffer, doubling when full.
typedef struct {
    double *t, *v;
    long head, stored, capacity;
} cbr_ring;

static int ring_init(cbr_ring *r, long capacity) {
    r->t = malloc(sizeof(double) * (size_t)capacity);
    r->v = malloc(sizeof(double) * (size_t)capacity);
    r->head = 0;
    r->stored = 0;
    r->capacity = capacity;
    return r->t != NULL && r->v != NULL;
}

static void ring_free(cbr_ring *r) {
    free(r->t);
    free(r->v);
}

static inline long ring_index(const cbr_ring *r, long offset) {
    long i = r->head + offset;
    return i >= r->capacity ? i - r->capacity : i;
}

/// Doubles the storage, oldest first from index 0; 0 when out of memory.
static int ring_grow(cbr_ring *r) {
    long capacity = r->capacity * 2;
    double *t = malloc(sizeof(double) * (size_t)capacity), *v = malloc(sizeof(double) * (size_t)capacity);
    if (t == NULL || v == NULL) {
        free(t);
        free(v);
        return 0;
    }
    for (long k = 0; k < r->stored; k++) {
        long i = ring_index(r, k);
        t[k] = r->t[i];
        v[k] = r->v[i];
    }
    ring_free(r);
    r->t = t;
    r->v = v;
    r->head = 0;
    r->capacity = capacity;
    return 1;
}

static inline int ring_append(cbr_ring *r, double t, double v) {
    if (r->stored == r->capacity && !ring_grow(r)) return 0;
    long i = ring_index(r, r->stored);
    r->t[i] = t;
    r->v[i] = v;
    r->stored++;
    return 1;
}

static inline void ring_drop_first(cbr_ring *r) {
    r->head = r->head + 1 == r->capacity ? 0 : r->head + 1;
    r->stored--;
}

/// Sliding maximum (`sign` 1) or minimum (`sign` -1): ScribbleSlidingExtremum's monotonic deque.
static inline int extremum_push(cbr_ring *r, int is_max, double value, double t, double cutoff) {
    while (r->stored > 0) {
        double newest = r->v[ring_index(r, r->stored - 1)];
        if (is_max ? !(newest <= value) : !(newest >= value)) break;
        r->stored--;
    }
    if (!ring_append(r, t, value)) return 0;
    while (r->stored > 0 && r->t[r->head] < cutoff) ring_drop_first(r);
    return 1;
}

static inline double extremum(const cbr_ring *r) { return r->stored > 0 ? r->v[r->head] : 0; }

/// ScribbleAxisTracker: zigzag with a dead band, the times of the last `required` reversals in a ring.
typedef struct {
    int started, direction;
    double extreme, lowest, highest;
    cbr_time_ring reversals;
} cbr_axis;

static inline void axis_consume(cbr_axis *a, double value, double t, double travel, int records) {
    if (!a->started) {
        a->started = 1;
        a->lowest = value;
        a->highest = value;
        return;
    }
    if (a->direction == 0) {
        if (value < a->lowest) a->lowest = value;
        if (value > a->highest) a->highest = value;
        if (value - a->lowest >= travel) {
            a->direction = 1;
            a->extreme = value;
        } else if (a->highest - value >= travel) {
            a->direction = -1;
            a->extreme = value;
        }
    } else if (a->direction == 1) {
        if (value > a->extreme) {
            a->extreme = value;
        } else if (a->extreme - value >= travel) {
            a->direction = -1;
            a->extreme = value;
            if (records) cbr_time_ring_push(&a->reversals, t);
        }
    } else {
        if (value < a->extreme) {
            a->extreme = value;
        } else if (value - a->extreme >= travel) {
            a->direction = 1;
            a->extreme = value;
            if (records) cbr_time_ring_push(&a->reversals, t);
        }
    }
}

static inline int axis_has_required(const cbr_axis *a, double t, double window_s) {
    return cbr_time_ring_spans_within(&a->reversals, t, window_s);
}

long cbr_scribble(const double *x, const double *y, const double *ts, const long *gesture_first,
                  const long *gesture_count, long gesture_total, const cbr_scribble_config *c, long capacity,
                  long *events) {
    if (c->required_reversals < 1 || c->required_reversals > cbr_max_reversals || capacity < 1) return -1;
    cbr_ring path, min_x, max_x, min_y, max_y;
    int ok = ring_init(&path, capacity) & ring_init(&min_x, capacity) & ring_init(&max_x, capacity) &
             ring_init(&min_y, capacity) & ring_init(&max_y, capacity);
    // Each axis's state zeroed, without touching the ring's slots (8 KB an axis).
    cbr_axis axes[2];
    for (int a = 0; a < 2; a++) {
        axes[a].started = axes[a].direction = 0;
        axes[a].extreme = axes[a].lowest = axes[a].highest = 0;
        cbr_time_ring_clear(&axes[a].reversals);
        axes[a].reversals.required = c->required_reversals;
    }
    double last_t = -INFINITY, cooldown_ends = -INFINITY;
    double travel = c->minimum_travel, window_s = c->window_s;
    long fired = 0;
    for (long g = 0; ok && g < gesture_total; g++) {
        int has_previous = 0, fired_this_gesture = 0;
        double previous_x = 0, previous_y = 0, cumulative = 0;
        long end = gesture_first[g] + gesture_count[g];
        for (long k = gesture_first[g]; ok && k < end; k++) {
            double t = ts[k], px = x[k], py = y[k];
            if (!isfinite(t) || !isfinite(px) || !isfinite(py) || !(t >= last_t)) continue;
            last_t = t;
            if (has_previous) {
                double dx = px - previous_x, dy = py - previous_y;
                cumulative += sqrt(dx * dx + dy * dy);
            }
            has_previous = 1;
            previous_x = px;
            previous_y = py;

            double cutoff = t - window_s - 1e-9;
            ok &= ring_append(&path, t, cumulative);
            while (path.stored > 0 && path.t[path.head] < cutoff) ring_drop_first(&path);
            ok &= extremum_push(&min_x, 0, px, t, cutoff);
            ok &= extremum_push(&max_x, 1, px, t, cutoff);
            ok &= extremum_push(&min_y, 0, py, t, cutoff);
            ok &= extremum_push(&max_y, 1, py, t, cutoff);

            int gathers = !(c->fires_once_per_gesture && fired_this_gesture) && t >= cooldown_ends;
            axis_consume(&axes[0], px, t, travel, gathers);
            axis_consume(&axes[1], py, t, travel, gathers);
            if (!gathers) continue;
            if (!axis_has_required(&axes[0], t, window_s) && !axis_has_required(&axes[1], t, window_s)) continue;
            double width = extremum(&max_x) - extremum(&min_x);
            double height = extremum(&max_y) - extremum(&min_y);
            double diagonal = sqrt(width * width + height * height);
            double window_path = cumulative - (path.stored > 0 ? path.v[path.head] : cumulative);
            if (!(window_path >= c->path_to_diagonal_ratio * diagonal)) continue;

            events[fired++] = k;
            fired_this_gesture = 1;
            cooldown_ends = t + c->cooldown_s;
            // Evidence restarts from this point.
            cbr_time_ring_clear(&axes[0].reversals);
            cbr_time_ring_clear(&axes[1].reversals);
            path.head = path.stored = 0;
            ok &= ring_append(&path, t, cumulative);
            min_x.head = min_x.stored = max_x.head = max_x.stored = 0;
            min_y.head = min_y.stored = max_y.head = max_y.stored = 0;
            ok &= extremum_push(&min_x, 0, px, t, t);
            ok &= extremum_push(&max_x, 1, px, t, t);
            ok &= extremum_push(&min_y, 0, py, t, t);
            ok &= extremum_push(&max_y, 1, py, t, t);
        }
        // touchEnded: the gesture's state goes; clock and cooldown stay.
        for (int a = 0; a < 2; a++) {
            axes[a].started = 0;
            axes[a].direction = 0;
            cbr_time_ring_clear(&axes[a].reversals);
        }
        path.head = path.stored = 0;
        min_x.head = min_x.stored = max_x.head = max_x.stored = 0;
        min_y.head = min_y.stored = max_y.head = max_y.stored = 0;
    }
    ring_free(&path);
    ring_free(&min_x);
    ring_free(&max_x);
    ring_free(&min_y);
    ring_free(&max_y);
    return ok ? fired : -2;
}
