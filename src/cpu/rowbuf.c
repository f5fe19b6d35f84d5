/* rowbuf.c — planning and filling the padded, phase-split row buffers of cpu/rowbuf.h. Rows
 * of strides 1 and 2 are filled straight from the input with masked vector loads (AVX-512,
 * AVX2; stride 2 split into even / odd by permutes), others phase by phase in loops the
 * compiler vectorises. Only the buffered rows some tap reads are written. */
#include "cpu/rowbuf.h"

#include "base/checked.h"
#include "cpu/isa.h"

#include <math.h>
#include <string.h>

bool nnx_rowbuf_plan(const nnx_window *g, float fill, size_t band_floats, size_t max_floats, nnx_rowbuf *b)
{
    memset(b, 0, sizeof *b);
    b->g = *g;
    b->fill = fill;
    size_t reach, win_rows, one, step;
    if (!g->OH || !g->OW || !g->KH || !g->KW || !g->sh || !g->sw || !g->dh || !g->dw ||
        !nnx_mul_size(g->KW - 1, g->dw, &reach) || g->OW > SIZE_MAX / 2 ||
        !nnx_add_size(g->OW, reach / g->sw, &b->len) || b->len > SIZE_MAX / 2)
        return false;
    b->len = nnx_round_up(b->len, NNX_ROWBUF_VEC);
    if (!nnx_mul_size(b->len, g->sw, &b->row_floats) || !nnx_mul_size(g->KH - 1, g->dh, &win_rows) ||
        !nnx_add_size(win_rows, 1, &win_rows))
        return false;
    /* one output row per band: its window rows */
    if (!nnx_mul_size(win_rows, b->row_floats, &one) || one > max_floats || !nnx_mul_size(g->sh, b->row_floats, &step))
        return false;
    b->band = 1 + (band_floats > one ? (band_floats - one) / step : 0);
    if (b->band > g->OH)
        b->band = g->OH;
    b->bands = (g->OH + b->band - 1) / b->band;
    b->rows = (b->band - 1) * g->sh + win_rows; /* <= the band's floats / row_floats: no wrap */
    b->floats = b->rows * b->row_floats + NNX_ROWBUF_VEC;
    return true;
}

void nnx_rowbuf_taps(const nnx_rowbuf *b, ptrdiff_t *tap)
{
    const nnx_window *g = &b->g;
    for (size_t i = 0; i < g->KH; i++)
        for (size_t j = 0; j < g->KW; j++) {
            size_t q = j * g->dw;
            tap[i * g->KW + j] = (ptrdiff_t)(i * g->dh * b->row_floats + (q % g->sw) * b->len + q / g->sw);
        }
}

/* Phase p of a buffered row, portably: dst[k] = src[s*k + p - pl], fill outside [0, W). */
static void phase_row(const float *src, size_t W, size_t s, size_t p, int64_t pl, float fill, float *dst, size_t len)
{
    /* k0: the first k whose column is >= 0; k1: the first k whose column is >= W */
    int64_t off = (int64_t)p - pl;
    size_t k0 = off >= 0 ? 0 : (size_t)((-off + (int64_t)s - 1) / (int64_t)s);
    size_t k1 = (int64_t)W - off <= 0 ? 0 : (size_t)(((int64_t)W - off + (int64_t)s - 1) / (int64_t)s);
    k0 = k0 < len ? k0 : len;
    k1 = k1 < k0 ? k0 : k1 < len ? k1 : len;
    for (size_t k = 0; k < k0; k++)
        dst[k] = fill;
    const float *at = k1 > k0 ? src + (k0 * s + (size_t)off) : src; /* column s*k0 + off in [0, W) */
    if (s == 1)
        for (size_t k = 0; k < k1 - k0; k++)
            dst[k0 + k] = at[k];
    else
        for (size_t k = 0; k < k1 - k0; k++)
            dst[k0 + k] = at[k * s];
    for (size_t k = k1; k < len; k++)
        dst[k] = fill;
}

/* Whether some tap of the band's n output rows reads buffered row r. */
static bool row_used(const nnx_window *g, size_t r, size_t n)
{
    for (size_t i = 0; i < g->KH && i * g->dh <= r; i++) {
        size_t a = r - i * g->dh;
        if (a % g->sh == 0 && a / g->sh < n)
            return true;
    }
    return false;
}

#if defined(__x86_64__)

/* The lanes of a 16-wide load at input column c that lie in [0, W). */
static inline __mmask16 mask16(int64_t c, size_t W) { return (__mmask16)nnx_rowbuf_mask16(c, W); }

#define MASKED_CHUNKS 64 /* rows of at most this many chunks get their load masks computed once */

/* The rows of a band (see nnx_rowbuf_fill) at strides 1 and 2, 16 phase elements at a time:
 * each chunk's loads are masked to the input's columns (stride 2: 32 columns, split into even
 * and odd by permutes). The masks are the same for every row: computed once when the row has
 * at most MASKED_CHUNKS chunks, per chunk otherwise. */
NNX_TARGET_AVX512 static bool rows512(const nnx_rowbuf *b, const float *plane, int64_t ih, size_t rows, float *buf)
{
    __mmask16 nan = 0;
    const nnx_window *g = &b->g;
    const __m512i ie = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i io = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    const __m512 f = _mm512_set1_ps(b->fill);
    size_t s = g->sw, len = b->len, chunks = len / 16;
    bool every_row = g->dh == 1 && g->KH >= g->sh, fixed = chunks <= MASKED_CHUNKS;
    __mmask16 ma[MASKED_CHUNKS], mb[MASKED_CHUNKS];
    for (size_t k = 0; fixed && k < chunks; k++) {
        int64_t c = (int64_t)(16 * k * s) - g->pl;
        ma[k] = mask16(c, g->W);
        mb[k] = s == 2 ? mask16(c + 16, g->W) : 0;
    }
    size_t n = (rows - (g->KH - 1) * g->dh - 1) / g->sh + 1; /* output rows of the band */
    for (size_t r = 0; r < rows; r++, ih++) {
        if (!every_row && !row_used(g, r, n))
            continue;
        float *dst = buf + r * b->row_floats;
        if (ih < 0 || ih >= (int64_t)g->H) {
            for (size_t q = 0; q < b->row_floats; q += 16)
                _mm512_storeu_ps(dst + q, f);
            continue;
        }
        const float *src = plane + (size_t)ih * g->W;
        for (size_t k = 0; k < chunks; k++) {
            int64_t c = (int64_t)(16 * k * s) - g->pl;
            __m512 a = _mm512_mask_loadu_ps(f, fixed ? ma[k] : mask16(c, g->W), nnx_rowbuf_at(src, c));
            nan |= _mm512_cmp_ps_mask(a, a, _CMP_UNORD_Q);
            if (s == 1) {
                _mm512_storeu_ps(dst + 16 * k, a);
                continue;
            }
            __m512 v = _mm512_mask_loadu_ps(f, fixed ? mb[k] : mask16(c + 16, g->W), nnx_rowbuf_at(src, c + 16));
            nan |= _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
            _mm512_storeu_ps(dst + 16 * k, _mm512_permutex2var_ps(a, ie, v));
            _mm512_storeu_ps(dst + len + 16 * k, _mm512_permutex2var_ps(a, io, v));
        }
    }
    return nan != 0;
}

/* The lanes of an 8-wide load at input column c that lie in [0, W), as a vector mask. */
NNX_TARGET_AVX2 static inline __m256i mask8(int64_t c, size_t W)
{
    const __m256i bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    __m256i lanes = _mm256_set1_epi32((int)(nnx_rowbuf_mask16(c, W) & 0xFF));
    return _mm256_cmpeq_epi32(_mm256_and_si256(lanes, bit), bit);
}

NNX_TARGET_AVX2 static inline __m256 load256(const float *src, int64_t c, __m256i m, __m256 fill)
{
    return _mm256_blendv_ps(fill, _mm256_maskload_ps(nnx_rowbuf_at(src, c), m), _mm256_castsi256_ps(m));
}

/* rows512 with 8 lanes. */
NNX_TARGET_AVX2 static bool rows256(const nnx_rowbuf *b, const float *plane, int64_t ih, size_t rows, float *buf)
{
    __m256 nan = _mm256_setzero_ps();
    const nnx_window *g = &b->g;
    const __m256 f = _mm256_set1_ps(b->fill);
    size_t s = g->sw, len = b->len, chunks = len / 8;
    bool every_row = g->dh == 1 && g->KH >= g->sh;
    size_t n = (rows - (g->KH - 1) * g->dh - 1) / g->sh + 1;
    for (size_t r = 0; r < rows; r++, ih++) {
        if (!every_row && !row_used(g, r, n))
            continue;
        float *dst = buf + r * b->row_floats;
        if (ih < 0 || ih >= (int64_t)g->H) {
            for (size_t q = 0; q < b->row_floats; q += 8)
                _mm256_storeu_ps(dst + q, f);
            continue;
        }
        const float *src = plane + (size_t)ih * g->W;
        for (size_t k = 0; k < chunks; k++) {
            int64_t c = (int64_t)(8 * k * s) - g->pl;
            __m256 a = load256(src, c, mask8(c, g->W), f);
            nan = _mm256_or_ps(nan, _mm256_cmp_ps(a, a, _CMP_UNORD_Q));
            if (s == 1) {
                _mm256_storeu_ps(dst + 8 * k, a);
                continue;
            }
            __m256 v = load256(src, c + 8, mask8(c + 8, g->W), f);
            nan = _mm256_or_ps(nan, _mm256_cmp_ps(v, v, _CMP_UNORD_Q));
            /* [a0 a2 v0 v2 | a4 a6 v4 v6] -> [a0 a2 a4 a6 v0 v2 v4 v6], odd likewise */
            __m256 even = _mm256_shuffle_ps(a, v, _MM_SHUFFLE(2, 0, 2, 0)),
                   odd = _mm256_shuffle_ps(a, v, _MM_SHUFFLE(3, 1, 3, 1));
            _mm256_storeu_ps(dst + 8 * k, _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(even), 0xD8)));
            _mm256_storeu_ps(dst + len + 8 * k, _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(odd), 0xD8)));
        }
    }
    return _mm256_movemask_ps(nan) != 0;
}
#endif

bool nnx_rowbuf_fill(const nnx_rowbuf *b, const float *plane, size_t oh0, size_t n, float *buf, nnx_cpu_level level)
{
    const nnx_window *g = &b->g;
    size_t s = g->sw, rows = (n - 1) * g->sh + (g->KH - 1) * g->dh + 1;
    bool every_row = g->dh == 1 && g->KH >= g->sh; /* r = a*sh + i with i < KH for every r */
    float fill = b->fill;
    for (size_t q = 0; q < NNX_ROWBUF_VEC; q++) { /* the slack after the full band's rows and this one's */
        buf[b->rows * b->row_floats + q] = fill;
        buf[rows * b->row_floats + q] = fill;
    }
    int64_t ih = (int64_t)oh0 * (int64_t)g->sh - g->pt;
#if defined(__x86_64__)
    if (s <= 2 && level >= NNX_CPU_AVX512)
        return rows512(b, plane, ih, rows, buf) || isnan(fill);
    if (s <= 2 && level >= NNX_CPU_AVX2)
        return rows256(b, plane, ih, rows, buf) || isnan(fill);
#endif
    (void)level;
    for (size_t r = 0; r < rows; r++, ih++) {
        if (!every_row && !row_used(g, r, n))
            continue;
        float *dst = buf + r * b->row_floats;
        if (ih < 0 || ih >= (int64_t)g->H) {
            for (size_t q = 0; q < b->row_floats; q++)
                dst[q] = fill;
            continue;
        }
        const float *src = plane + (size_t)ih * g->W;
        for (size_t p = 0; p < s; p++)
            phase_row(src, g->W, s, p, g->pl, fill, dst + p * b->len, b->len);
    }
    return true; /* not looked at */
}
