/* onnx_ops_stft.c — short-time spectra (ONNX opset 17): STFT as frames gathered at load-time
 * indices, times the window, through the DFT mapping (nnx_onnx_dft); MelWeightMatrix, the
 * triangular mel filter bank, computed at load time into a constant (ONNX Operators, STFT,
 * MelWeightMatrix). */
#include "formats/onnx/onnx_build.h"

#include <math.h>

/* Frames times frame length, and mel bins times spectrogram bins, at most this many. */
#define STFT_MAX_ELEMENTS (UINT64_C(1) << 24)

/* A scalar (or one-element) integer input known at load time. */
static nnx_status known_int(ox *c, uint32_t id, const char *what, int64_t *v)
{
    uint32_t k;
    CHECK(ox_ints(c, id, what, v, 1, &k));
    if (k != 1)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s must hold one value", what);
    return NNX_OK;
}

/* STFT: signal [batch, length, 1 | 2]; frame f is samples [f * frame_step, + frame_length),
 * f < 1 + (length - frame_length) / frame_step, weighted by the window (absent: ones) and
 * transformed over frame_length points; onesided (default 1) keeps frame_length / 2 + 1 bins.
 * Output [batch, frames, bins, 2]. frame_length defaults to the window's length, else the
 * signal's. */
nnx_status nnx_onnx_op_stft(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc sd = ox_desc(c, in[0]);
    if (sd.rank != 3 || (sd.shape[2] != 1 && sd.shape[2] != 2) || !nnx_dtype_is_float(sd.dtype))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "signal must be float [batch, length, 1 or 2]");
    int64_t step, L = -1;
    CHECK(known_int(c, in[1], "frame_step", &step));
    uint32_t window = in_or_none(in, n_in, 2), fl = in_or_none(in, n_in, 3);
    if (fl != NNX_NONE)
        CHECK(known_int(c, fl, "frame_length", &L));
    if (window != NNX_NONE) {
        nnx_operand_desc wd = ox_desc(c, window);
        if (wd.rank != 1 || (L >= 0 && wd.shape[0] != L))
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "window must be 1-D of frame_length values");
        L = wd.shape[0];
    }
    if (L < 0)
        L = sd.shape[1];
    if (step < 1 || L < 1 || L > sd.shape[1])
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "frame_step %lld, frame_length %lld for a signal of %u",
                       (long long)step, (long long)L, sd.shape[1]);
    uint64_t F = 1 + (uint64_t)(sd.shape[1] - L) / (uint64_t)step;
    if (F * (uint64_t)L > STFT_MAX_ELEMENTS || L > 65536)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "%llu frames of %lld samples are too many", (unsigned long long)F,
                       (long long)L);
    int64_t *idx = ox_calloc(c, (size_t)(F * L), sizeof *idx);
    if (!idx)
        return c->nerr.status;
    for (uint64_t f = 0; f < F; f++)
        for (int64_t j = 0; j < L; j++)
            idx[f * L + j] = (int64_t)f * step + j;
    nnx_operand_desc id = {NNX_INT64, 2, {(uint32_t)F, (uint32_t)L}};
    uint32_t ix, frames, g[2];
    nnx_status st = ox_const(c, &id, idx, &ix);
    nnx_mem_free(c->ir->alloc, idx);
    CHECK(st);
    g[0] = in[0], g[1] = ix;
    nnx_attrs a1 = {.axis = {1}};
    CHECK(ox_node(c, NNX_OP_GATHER, g, 2, &a1, 1, &frames)); /* [batch, F, L, 1 | 2] */
    if (window != NNX_NONE) {
        uint32_t w, ws[4] = {1, 1, (uint32_t)L, 1};
        CHECK(cast(c, window, sd.dtype, &w));
        CHECK(reshape(c, w, 4, ws, &w));
        CHECK(bin(c, NNX_OP_MUL, frames, w, &frames));
    }
    bool onesided = ox_attr_i(n, "onesided", 1) != 0;
    return nnx_onnx_dft(c, frames, 2, L, false, onesided, &out[0]);
}

static double hz_to_mel(double hz) { return 2595.0 * log10(1.0 + hz / 700.0); }

/* MelWeightMatrix: [dft_length / 2 + 1, num_mel_bins]; num_mel_bins + 2 points in mel
 * (2595 log10(1 + hz / 700)) from lower_edge_hertz in steps of (upper - lower) / (num_mel_bins
 * + 2) — the ONNX reference's step, so the last point falls short of upper_edge_hertz — each as
 * the spectrogram bin floor((dft_length + 1) hz / sample_rate); mel bin i rises linearly from
 * point i to point i + 1 (a single 1 there when they coincide) and falls to point i + 2, as
 * the reference builds it. output_datatype (default float) sets the type. */
nnx_status nnx_onnx_op_mel_weight_matrix(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                         uint32_t *out)
{
    (void)n_in;
    int64_t mels, dft, rate;
    double lo, hi;
    uint32_t k;
    CHECK(known_int(c, in[0], "num_mel_bins", &mels));
    CHECK(known_int(c, in[1], "dft_length", &dft));
    CHECK(known_int(c, in[2], "sample_rate", &rate));
    CHECK(ox_doubles(c, in[3], "lower_edge_hertz", &lo, 1, &k));
    CHECK(ox_doubles(c, in[4], "upper_edge_hertz", &hi, 1, &k));
    if (mels < 1 || dft < 1 || rate < 1 || !(lo >= 0) || !(hi > lo))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT,
                       "num_mel_bins %lld, dft_length %lld, sample_rate %lld, edges %g to %g", (long long)mels,
                       (long long)dft, (long long)rate, lo, hi);
    int64_t bins = dft / 2 + 1;
    if (mels > 65536 || dft > INT32_MAX || (uint64_t)bins * (uint64_t)mels > STFT_MAX_ELEMENTS)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "a %lld x %lld mel matrix is too large", (long long)bins,
                       (long long)mels);
    int64_t dt_code = ox_attr_i(n, "output_datatype", 1);
    nnx_dtype to = nnx_onnx_dtype((int32_t)dt_code);
    if (to == NNX_DTYPE_UNDEFINED || dt_code != (int32_t)dt_code)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "output_datatype %lld", (long long)dt_code);
    double *m = ox_calloc(c, (size_t)(bins * mels + mels + 2), sizeof *m);
    if (!m)
        return c->nerr.status;
    double *pt = m + bins * mels, lm = hz_to_mel(lo), step = (hz_to_mel(hi) - lm) / (double)(mels + 2);
    for (int64_t i = 0; i < mels + 2; i++) {
        double hz = 700.0 * (pow(10.0, ((double)i * step + lm) / 2595.0) - 1.0);
        pt[i] = floor((double)(dft + 1) * hz / (double)rate);
    }
    nnx_status st = NNX_OK;
    for (int64_t i = 0; i < mels && st == NNX_OK; i++) {
        int64_t a = (int64_t)pt[i], b = (int64_t)pt[i + 1], e = (int64_t)pt[i + 2];
        if (a < 0 || e >= bins + 1 || b >= bins) {
            st = ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "mel bin %lld falls outside the %lld spectrogram bins",
                         (long long)i, (long long)bins);
            break;
        }
        if (b == a)
            m[b * mels + i] = 1;
        else
            for (int64_t j = a; j <= b; j++)
                m[j * mels + i] = (double)(j - a) / (double)(b - a);
        for (int64_t j = b; j < e; j++)
            m[j * mels + i] = (double)(e - j) / (double)(e - b);
    }
    nnx_operand_desc d = {NNX_FLOAT64, 2, {(uint32_t)bins, (uint32_t)mels}};
    uint32_t v;
    if (st == NNX_OK)
        st = ox_const(c, &d, m, &v);
    nnx_mem_free(c->ir->alloc, m);
    CHECK(st);
    return cast(c, v, to, &out[0]);
}
