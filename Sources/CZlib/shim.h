#include <zlib.h>

// `inflateInit2` is a macro; Swift sees only functions.
static inline int czlib_inflate_init_gzip(z_streamp stream) {
    // 15 window bits + 32: read a gzip or zlib header, whichever the stream has.
    return inflateInit2(stream, 15 + 32);
}
