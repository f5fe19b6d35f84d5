/* rowbuf.h — the padded, phase-split row copies that the sliding-window kernels (depthwise
 * convolution, max pooling) read instead of the input: every tap of every output in a band
 * of output rows is a load at a fixed offset, with no bounds test. Columns and rows outside
 * the input hold a fill value (0 for convolution, -inf for max pooling); a row holds the
 * stride's phases one after another, so that each tap reads a contiguous run. */
#ifndef NNX_CPU_ROWBUF_H
#define NNX_CPU_ROWBUF_H

#include "cpu/features.h"
#include "cpu/isa.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Outputs are computed NNX_ROWBUF_VEC at a time. A phase holds the columns the row's outputs
 * read, rounded up to whole vectors, and NNX_ROWBUF_VEC floats (of fill) follow the last
 * row: a vector load at any tap of a vector starting below OW stays inside the buffer, and
 * only lanes of outputs past OW (never stored) may see the next phase or row. */
#define NNX_ROWBUF_VEC 16

/* A 2-D window over one nchw plane: output (oh, ow) reads input (oh*sh - pt + i*dh,
 * ow*sw - pl + j*dw) for i < KH, j < KW (pads may be negative: cropping). */
typedef struct nnx_window {
    size_t H, W, OH, OW, KH, KW, sh, sw, dh, dw;
    int64_t pt, pl;
} nnx_window;

/* How a plane is buffered: bands of `band` output rows, each band's input rows copied into
 * `rows` buffered rows of `row_floats` floats. Buffered row r of the band starting at output
 * row oh0 is input row oh0*sh - pt + r; within it, phase p (p < sw) is `len` floats whose
 * element k is input column sw*k + p - pl. Output (oh0 + a, v) reads tap (i, j) at
 *   buf + a*sh*row_floats + tap[i*KW + j] + v,
 * with tap[i*KW + j] = i*dh*row_floats + ((j*dw) % sw)*len + (j*dw) / sw; len is
 * OW + ((KW-1)*dw) / sw rounded up to NNX_ROWBUF_VEC. `floats` is the scratch one band needs
 * (rows * row_floats + NNX_ROWBUF_VEC). */
typedef struct nnx_rowbuf {
    nnx_window g;
    size_t len, row_floats, band, bands, rows, floats;
    float fill;
} nnx_rowbuf;

/* The buffering of g with the given fill; bands hold at most about band_floats floats (at
 * least one output row each). False when the geometry's buffer would not fit in size_t or
 * one output row alone needs more than max_floats: the caller then computes without it. */
bool nnx_rowbuf_plan(const nnx_window *g, float fill, size_t band_floats, size_t max_floats, nnx_rowbuf *b);

/* The tap offsets of every (i, j), row-major, into tap (KH*KW entries). */
void nnx_rowbuf_taps(const nnx_rowbuf *b, ptrdiff_t *tap);

/* Buffers the input rows of output rows [oh0, oh0 + n) of plane (H x W floats) into buf
 * (64-byte aligned, b->floats floats), at the given CPU level. False only when no value
 * buffered is a NaN (true where that was not looked at: the portable path, strides > 2). */
bool nnx_rowbuf_fill(const nnx_rowbuf *b, const float *plane, size_t oh0, size_t n, float *buf, nnx_cpu_level level);

/* The lanes l < 16 of a load at input column c with 0 <= c + l < W, as a bit mask. */
static inline uint32_t nnx_rowbuf_mask16(int64_t c, size_t W)
{
    int64_t lo = c < 0 ? -c : 0, hi = (int64_t)W - c;
    lo = lo > 16 ? 16 : lo;
    hi = hi < lo ? lo : hi > 16 ? 16 : hi;
    return ((1u << hi) - 1) & ~((1u << lo) - 1);
}

/* p + i floats without forming an out-of-bounds pointer in C: for masked loads, which read
 * only their mask's lanes. */
static inline const float *nnx_rowbuf_at(const float *p, int64_t i)
{
    return (const float *)((uintptr_t)p + (uintptr_t)(i * (int64_t)sizeof(float)));
}

#if defined(__x86_64__)

/* Elements [off, off + 16) of a followed by b (off < 16 a constant after inlining): the taps
 * of a row at offsets 1..4 from two aligned loads. */
NNX_TARGET_AVX512 static inline __m512 nnx_rowbuf_shift512(__m512 a, __m512 b, int off)
{
    __m512i x = _mm512_castps_si512(a), y = _mm512_castps_si512(b);
    switch (off) {
    case 1: return _mm512_castsi512_ps(_mm512_alignr_epi32(y, x, 1));
    case 2: return _mm512_castsi512_ps(_mm512_alignr_epi32(y, x, 2));
    case 3: return _mm512_castsi512_ps(_mm512_alignr_epi32(y, x, 3));
    case 4: return _mm512_castsi512_ps(_mm512_alignr_epi32(y, x, 4));
    default: return a;
    }
}
#endif

/* One output vector of a band: where its taps start in the buffer, its offset from the
 * band's first output, and its lanes (the vector width, fewer at the end of a row). */
typedef struct nnx_rowbuf_unit {
    const float *in;
    size_t out, lanes;
} nnx_rowbuf_unit;

/* Output vectors computed together: independent dependency chains for the vector units. */
#define NNX_ROWBUF_UNITS 4

/* Calls FN(ctx, units, n) over the output vectors of `width` lanes of a band of `rows` rows
 * of OW outputs whose buffered rows start `step` floats apart from buf: NNX_ROWBUF_UNITS at
 * a time (n = NNX_ROWBUF_UNITS), the rest one at a time (n = 1), in row-major order. */
#define NNX_ROWBUF_FOR_UNITS(buf, step, rows, OW, width, FN, ctx) \
    do { \
        nnx_rowbuf_unit batch_[NNX_ROWBUF_UNITS]; \
        size_t k_ = 0; \
        for (size_t a_ = 0; a_ < (rows); a_++) \
            for (size_t v_ = 0; v_ < (OW); v_ += (width)) { \
                batch_[k_++] = (nnx_rowbuf_unit){(buf) + a_ * (step) + v_, a_ * (OW) + v_, \
                                                 (OW)-v_ < (width) ? (OW)-v_ : (width)}; \
                if (k_ == NNX_ROWBUF_UNITS) { \
                    FN(ctx, batch_, NNX_ROWBUF_UNITS); \
                    k_ = 0; \
                } \
            } \
        for (size_t i_ = 0; i_ < k_; i_++) \
            FN(ctx, batch_ + i_, 1); \
    } while (0)

#endif
