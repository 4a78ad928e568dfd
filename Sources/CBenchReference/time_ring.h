// The last `required` event times in a ring, as the Swift detectors keep them in a GestureRingBuffer (shake
// excursion starts, reversals and hits; a scribble axis's reversals), and the window test on them. Private to
// CBenchReference's C files.
#ifndef CBENCHREFERENCE_TIME_RING_H
#define CBENCHREFERENCE_TIME_RING_H

// The most times a ring holds: the largest `requiredCount` ShakeDetectorConfiguration accepts (scribble's
// `requiredReversals` stops at 100).
enum { cbr_time_ring_capacity = 1000 };

typedef struct {
    double times[cbr_time_ring_capacity];
    int head, stored, required;
} cbr_time_ring;

// Appends `t`, dropping the oldest time when the ring holds `required`.
static inline void cbr_time_ring_push(cbr_time_ring *r, double t) {
    if (r->stored == r->required) {
        r->head = r->head + 1 == r->required ? 0 : r->head + 1;
        r->stored--;
    }
    int slot = r->head + r->stored;
    r->times[slot >= r->required ? slot - r->required : slot] = t;
    r->stored++;
}

// Empties the ring.
static inline void cbr_time_ring_clear(cbr_time_ring *r) {
    r->head = 0;
    r->stored = 0;
}

// True when the ring holds `required` times and the oldest is at most W (plus the detectors' 1 ns slack) before `t`.
static inline int cbr_time_ring_spans_within(const cbr_time_ring *r, double t, double window_s) {
    return r->stored == r->required && t - r->times[r->head] <= window_s + 1e-9;
}

#endif
