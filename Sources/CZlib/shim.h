#ifndef SENSORBENCH_CZLIB_SHIM_H
#define SENSORBENCH_CZLIB_SHIM_H

// Includes, and static inline wrappers for zlib's function-like macros (Swift does not import macros).

#include <zlib.h>

/// inflateInit2 for a raw deflate stream (no zlib header), as zip entries store it: window bits −MAX_WBITS.
static inline int sb_inflate_init_raw(z_stream *stream) { return inflateInit2(stream, -MAX_WBITS); }

#endif
