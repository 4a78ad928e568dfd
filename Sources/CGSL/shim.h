#ifndef SENSORBENCH_CGSL_SHIM_H
#define SENSORBENCH_CGSL_SHIM_H

// Includes, and static inline accessors for GSL's mutable C globals (Swift 6 refuses to read those).

#include <gsl/gsl_errno.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sf_erf.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_sort_double.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>
#include <gsl/gsl_multifit.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_fft_complex.h>

static inline const gsl_rng_type *sb_gsl_rng_mt19937(void) { return gsl_rng_mt19937; }

#endif
