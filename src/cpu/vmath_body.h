/* vmath_body.h — vmath.c's vector kernels, written once over the SIMD layer (cpu/simd/): vmath.c
 * includes it after cpu/simd/avx512.h and again after cpu/simd/avx2.h, giving run_avx512,
 * exp_sum_avx512, max_avx512, scale_avx512 and their _avx2 twins. Tails run the same vector
 * code under a lane mask. The constants are vmath.c's. */

/* exp(x + c), c applied only when fix (softmax's two-sum error); x clamped to [X_MIN, X_MAX]
 * (a NaN passes), k = round(x / ln 2), then 2^k by the layer's v_ldexp. */
V_TARGET static inline vf V_NAME(exp)(vf x, vf c, bool fix)
{
    x = v_max(v_set1(X_MIN), v_min(v_set1(X_MAX), x)); /* NaN passes */
    vf kf = v_round(v_mul(x, v_set1(LOG2E)));
    vf r = v_fnmadd(kf, v_set1(LN2_HI), x);
    r = v_fnmadd(kf, v_set1(LN2_LO), r);
    if (fix)
        r = v_add(r, c);
    vf p = v_fmadd(v_set1(C6), r, v_set1(C5));
    p = v_fmadd(p, r, v_set1(C4));
    p = v_fmadd(p, r, v_set1(C3));
    p = v_fmadd(p, r, v_set1(C2));
    p = v_fmadd(p, v_mul(r, r), r);
    p = v_add(p, v_set1(1.0f));
    return v_ldexp(p, kf);
}

V_TARGET static inline vf V_NAME(sigmoid)(vf x)
{
    vf e = V_NAME(exp)(v_or(v_abs(x), v_set1(-0.0f)), x, false), one = v_set1(1.0f); /* exp(-|x|) */
    return v_div(v_select(v_lt(x, v_zero()), e, one), v_add(one, e));
}

V_TARGET static inline vf V_NAME(tanh)(vf x)
{
    vf a = v_abs(x), u = v_mul(a, a), one = v_set1(1.0f);
    vf p = v_fmadd(v_set1(T4), u, v_set1(T3));
    p = v_fmadd(p, u, v_set1(T2));
    p = v_fmadd(p, u, v_set1(T1));
    p = v_fmadd(p, u, v_set1(T0));
    vf small = v_fmadd(v_mul(a, u), p, a);
    vf e = V_NAME(exp)(v_mul(a, v_set1(-2.0f)), x, false);
    vf big = v_sub(one, v_div(v_add(e, e), v_add(one, e)));
    vf t = v_select(v_lt(a, v_set1(TANH_SMALL)), small, big);
    return v_or(t, v_and(x, v_set1(-0.0f))); /* x's sign */
}

V_TARGET static inline vf V_NAME(exp_plain)(vf x) { return V_NAME(exp)(x, x, false); }

/* y = F(x) over n floats, the tail under a lane mask. */
#define RUN_VN(F) \
    do { \
        size_t i = 0; \
        for (; i + VN <= n; i += VN) \
            v_store(y + i, F(v_load(x + i))); \
        if (i < n) { \
            vtail m = v_tail(n - i); \
            v_store_tail(y + i, m, F(v_load_tail(x + i, m))); \
        } \
    } while (0)

V_TARGET static void V_NAME(run)(nnx_vfunc f, const float *x, float *y, size_t n)
{
    switch (f) {
    case NNX_VEXP: RUN_VN(V_NAME(exp_plain)); break;
    case NNX_VSIGMOID: RUN_VN(V_NAME(sigmoid)); break;
    default: RUN_VN(V_NAME(tanh)); break;
    }
}
#undef RUN_VN

/* exp(x - shift), the difference's rounding error (two-sum) fed into the reduction where
 * the difference is within exp's range. */
V_TARGET static inline vf V_NAME(exp_diff)(vf x, vf s)
{
    vf d = v_sub(x, s), bb = v_sub(d, x);
    vf e = v_sub(v_sub(x, v_sub(d, bb)), v_add(s, bb));
    e = v_keep(v_ge(d, v_set1(X_MIN)), e);
    return V_NAME(exp)(d, e, true);
}

V_TARGET static double V_NAME(exp_sum)(const float *x, float shift, float *y, size_t n)
{
    vf s = v_set1(shift);
    vd s0 = v_dzero(), s1 = v_dzero();
    size_t i = 0;
    for (; i + VN <= n; i += VN) {
        vf t = V_NAME(exp_diff)(v_load(x + i), s);
        v_store(y + i, t);
        v_add_halves(&s0, &s1, t);
    }
    if (i < n) {
        vtail m = v_tail(n - i);
        vf t = v_keep_tail(m, V_NAME(exp_diff)(v_load_tail(x + i, m), s));
        v_store_tail(y + i, m, t);
        v_add_halves(&s0, &s1, t);
    }
    return v_sum(s0, s1);
}

V_TARGET static float V_NAME(max)(const float *x, size_t n)
{
    vf m = v_set1(-INFINITY);
    vnan nan = v_nan_none();
    size_t i = 0;
    for (; i + VN <= n; i += VN) {
        vf v = v_load(x + i);
        nan = v_nan_add(nan, v);
        m = v_max(v, m); /* a NaN v gives m: NaN is counted apart */
    }
    return v_max_end(m, nan, x + i, n - i);
}

V_TARGET static void V_NAME(scale)(float *y, double s, size_t n)
{
    vd vs = v_dset1(s);
    size_t i = 0;
    for (; i + VS <= n; i += VS)
        v_scale(y + i, vs);
    for (; i < n; i++)
        y[i] = (float)(y[i] * s); /* as the vector steps: exact widening, one product, one rounding */
}
