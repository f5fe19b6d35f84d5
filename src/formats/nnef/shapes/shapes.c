/* shapes.c — the shape-inference driver over a flat NNEF graph (contract and decisions in
 * shapes.h) and the rules of the tensor-introducing (§4.1), element-wise (§4.2), reduce
 * (§4.4), matmul (§4.7) and update (§4.8) operations plus the native compounds relu,
 * sigmoid, tanh, sqrt, min, max, clamp, softmax (§4.9.1) and mean_reduce (§4.4). The
 * argument readers the rules share are in shapes_helpers.c. */
#include "formats/nnef/shapes/shapes.h"
#include "formats/nnef/syntax/nnx_ops.h"

#include "base/checked.h"
#include "base/strmap.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- variable labels (§4.1.3 sharing, §4.8 one update per cycle) ---------------------- */

struct nnx_nnef_sh_vars {
    nnx_strmap first; /* label, ignoring ASCII case -> the op of the first variable with it */
    bool *updated;    /* per op: the variable first with its label has been updated */
};

static const char *label_of(const nnx_nnef_flat *g, uint32_t op)
{
    const nnx_nnef_value *v = nnx_nnef_flat_arg(&g->ops[op], "label");
    return v && v->kind == NNX_NNEF_VALUE_STRING && v->u.string ? v->u.string : "";
}

/* The op of the first variable labelled label; op itself when it is the first. Room for
 * every variable's label is reserved up front (vars_init), so this never allocates. */
static uint32_t var_first(nnx_nnef_sh_vars *vars, const char *label, uint32_t op)
{
    bool added;
    uintptr_t *first = nnx_strmap_put(&vars->first, label, &added);
    if (added)
        *first = op;
    return (uint32_t)*first;
}

static nnx_status vars_init(const nnx_nnef_flat *g, nnx_nnef_sh_vars *vars)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < g->n_ops; i++)
        n += !g->ops[i].custom && strcmp(g->ops[i].name, "variable") == 0;
    nnx_strmap_init(&vars->first, g->alloc, true);
    vars->updated = nnx_mem_calloc(g->alloc, g->n_ops ? g->n_ops : 1, sizeof *vars->updated);
    return vars->updated && nnx_strmap_reserve(&vars->first, n) ? NNX_OK : NNX_ERROR_OUT_OF_MEMORY;
}

static void vars_free(const nnx_nnef_flat *g, nnx_nnef_sh_vars *vars)
{
    nnx_strmap_free(&vars->first);
    nnx_mem_free(g->alloc, vars->updated);
}

/* ---- tensor-introducing operations (§4.1) ------------------------------------------- */

/* The `shape` argument of external/constant/variable: items strictly positive. */
static nnx_status shape_arg(nnx_nnef_sh *c, nnx_nnef_shape *s)
{
    int64_t items[NNX_MAX_RANK];
    uint32_t n = 0;
    nnx_status st = nnx_nnef_sh_ints(c, "shape", NNX_MAX_RANK, items, &n);
    if (st != NNX_OK)
        return st;
    memset(s, 0, sizeof *s);
    s->rank = n;
    for (uint32_t i = 0; i < n; i++) {
        if (items[i] < 1 || items[i] > (int64_t)UINT32_MAX)
            return nnx_nnef_sh_fail(c, "shape item %u is %lld; items must be 1..2^32-1", i, (long long)items[i]);
        s->dim[i] = (uint32_t)items[i];
    }
    return NNX_OK;
}

static nnx_status rule_external(nnx_nnef_sh *c)
{
    nnx_nnef_shape s;
    nnx_status st = shape_arg(c, &s);
    return st != NNX_OK ? st : nnx_nnef_sh_output(c, "output", &s);
}

/* §4.1.2: len(value) == volume(shape) or 1. */
static nnx_status rule_constant(nnx_nnef_sh *c)
{
    nnx_nnef_shape s;
    const nnx_nnef_value *value;
    nnx_status st = shape_arg(c, &s);
    if (st == NNX_OK)
        st = nnx_nnef_sh_array(c, "value", &value);
    if (st != NNX_OK)
        return st;
    uint64_t vol;
    char buf[NNX_NNEF_SHAPE_STR];
    if (!nnx_nnef_sh_volume(&s, &vol))
        return nnx_nnef_sh_fail(c, "shape %s has more than 2^63-1 elements", nnx_nnef_sh_str(&s, buf));
    if (value->count != 1 && value->count != vol)
        return nnx_nnef_sh_fail(c, "value has %u items; expected 1 or %llu (the volume of %s)", value->count,
                                (unsigned long long)vol, nnx_nnef_sh_str(&s, buf));
    return nnx_nnef_sh_output(c, "output", &s);
}

static bool label_char(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '-' ||
        ch == '.' || ch == '/' || ch == '\\';
}

/* §4.1.3: label non-empty, from [a-zA-Z0-9_\-./\\]; a shared label needs the same shape. */
static nnx_status check_label(nnx_nnef_sh *c, const nnx_nnef_shape *s)
{
    const char *label;
    const nnx_nnef_value *v = nnx_nnef_flat_arg(c->op, "label");
    if (!v || v->kind != NNX_NNEF_VALUE_STRING || !v->u.string)
        return nnx_nnef_sh_internal_arg(c, "label", "a string");
    label = v->u.string;
    if (!*label)
        return nnx_nnef_sh_fail(c, "label is empty");
    for (const char *p = label; *p; p++)
        if (!label_char(*p))
            return nnx_nnef_sh_fail(c, "label '%s' has the character 0x%02x; allowed are a-z A-Z 0-9 _ - . / \\", label,
                                    (unsigned char)*p);
    uint32_t op = (uint32_t)(c->op - c->g->ops), first_op = var_first(c->vars, label, op);
    if (first_op == op)
        return NNX_OK;
    const nnx_nnef_flat_op *first = &c->g->ops[first_op];
    nnx_nnef_shape other;
    nnx_status st = nnx_nnef_sh_value_shape(c, "output", nnx_nnef_flat_result(first, "output"), &other);
    char a[NNX_NNEF_SHAPE_STR], b[NNX_NNEF_SHAPE_STR];
    if (st == NNX_OK && !nnx_nnef_shape_equal_trim(s, &other))
        return nnx_nnef_sh_fail(c, "label '%s' is shared with the variable at %u:%u, but shape %s != %s", label,
                                first->pos.line, first->pos.col, nnx_nnef_sh_str(s, a), nnx_nnef_sh_str(&other, b));
    return st;
}

static nnx_status rule_variable(nnx_nnef_sh *c)
{
    nnx_nnef_shape s;
    nnx_status st = shape_arg(c, &s);
    if (st == NNX_OK)
        st = nnx_nnef_sh_output(c, "output", &s);
    return st != NNX_OK ? st : check_label(c, &s);
}

/* ---- element-wise (§4.2) -------------------------------------------------------------- */

/* §4.2.2/§4.2.3 broadcasting over n operands: per dimension (missing trailing ones are 1),
 * the extents are equal or 1; the result takes the non-singular one, rank = max rank. */
static nnx_status broadcast(nnx_nnef_sh *c, const char *const *names, const nnx_nnef_shape *in, uint32_t n,
                            nnx_nnef_shape *out)
{
    memset(out, 0, sizeof *out);
    for (uint32_t i = 0; i < n; i++)
        out->rank = in[i].rank > out->rank ? in[i].rank : out->rank;
    for (uint32_t d = 0; d < out->rank; d++) {
        uint32_t owner = 0;
        out->dim[d] = 1;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t e = d < in[i].rank ? in[i].dim[d] : 1;
            if (e == 1 || e == out->dim[d])
                continue;
            if (out->dim[d] != 1) {
                char a[NNX_NNEF_SHAPE_STR], b[NNX_NNEF_SHAPE_STR];
                return nnx_nnef_sh_fail(c, "cannot broadcast %s %s with %s %s: extents %u and %u in dimension %u",
                                        names[owner], nnx_nnef_sh_str(&in[owner], a), names[i],
                                        nnx_nnef_sh_str(&in[i], b), out->dim[d], e, d);
            }
            out->dim[d] = e;
            owner = i;
        }
    }
    return NNX_OK;
}

/* Reads the named tensor operands and broadcasts them into result `res`. */
static nnx_status broadcast_op(nnx_nnef_sh *c, const char *const *names, uint32_t n, const char *res)
{
    nnx_nnef_shape in[3], out;
    for (uint32_t i = 0; i < n; i++) {
        nnx_status st = nnx_nnef_sh_tensor(c, names[i], &in[i]);
        if (st != NNX_OK)
            return st;
    }
    nnx_status st = broadcast(c, names, in, n, &out);
    return st != NNX_OK ? st : nnx_nnef_sh_output(c, res, &out);
}

/* §4.2.1 and the unary native compounds: y has the shape of x. */
static nnx_status rule_unary(nnx_nnef_sh *c)
{
    nnx_nnef_shape s;
    nnx_status st = nnx_nnef_sh_tensor(c, "x", &s);
    return st != NNX_OK ? st : nnx_nnef_sh_output(c, "y", &s);
}

/* cast<?>(input) (the library after 1.0.2): the input's shape, another item type. */
static nnx_status rule_cast(nnx_nnef_sh *c)
{
    nnx_nnef_shape s;
    nnx_status st = nnx_nnef_sh_tensor(c, "input", &s);
    return st != NNX_OK ? st : nnx_nnef_sh_output(c, "output", &s);
}

/* Indices known before running (an integer literal, or the values of a `constant`) must lie in
 * [0, n) (decision 52); others are checked by no one before the run. */
static nnx_status gather_indices(nnx_nnef_sh *c, uint32_t n)
{
    const nnx_nnef_value *v = nnx_nnef_flat_arg(c->op, "indices"), *items = v;
    uint32_t count = 1;
    if (v && v->kind == NNX_NNEF_VALUE_TENSOR) {
        const nnx_nnef_flat_tensor *t = &c->g->tensors[v->u.tensor];
        const nnx_nnef_flat_op *p = t->producer < c->g->n_ops ? &c->g->ops[t->producer] : NULL;
        items = p && !p->custom && strcmp(p->name, "constant") == 0 ? nnx_nnef_flat_arg(p, "value") : NULL;
        if (!items || items->kind != NNX_NNEF_VALUE_ARRAY)
            return NNX_OK;
        count = items->count;
        items = items->u.items;
    }
    for (uint32_t i = 0; items && i < count; i++)
        if (items[i].kind == NNX_NNEF_VALUE_INTEGER && (items[i].u.integer < 0 || items[i].u.integer >= n))
            return nnx_nnef_sh_fail(c, "index %lld is out of range for an axis of extent %u",
                                    (long long)items[i].u.integer, n);
    return NNX_OK;
}

/* gather(input, indices, axis) (the library after 1.0.2, NNEF-Tools / tract): 0 <= axis <
 * rank(input); input.shape[:axis] ++ indices.shape ++ input.shape[axis+1:] (decision 52). */
static nnx_status rule_gather(nnx_nnef_sh *c)
{
    nnx_nnef_shape x, idx, out;
    int64_t axis;
    nnx_status st = nnx_nnef_sh_tensor(c, "input", &x);
    if (st == NNX_OK)
        st = nnx_nnef_sh_tensor(c, "indices", &idx);
    if (st == NNX_OK)
        st = nnx_nnef_sh_int(c, "axis", &axis);
    if (st != NNX_OK)
        return st;
    char buf[NNX_NNEF_SHAPE_STR];
    if (axis < 0 || axis >= (int64_t)x.rank)
        return nnx_nnef_sh_fail(c, "axis %lld is out of range for input of shape %s", (long long)axis,
                                nnx_nnef_sh_str(&x, buf));
    if ((st = gather_indices(c, x.dim[axis])) != NNX_OK)
        return st;
    if (x.rank - 1 + idx.rank > NNX_MAX_RANK)
        return nnx_nnef_sh_fail(c, "the output would have rank %u; at most %d", x.rank - 1 + idx.rank, NNX_MAX_RANK);
    memset(&out, 0, sizeof out);
    uint32_t a = (uint32_t)axis;
    for (uint32_t i = 0; i < a; i++)
        out.dim[out.rank++] = x.dim[i];
    for (uint32_t i = 0; i < idx.rank; i++)
        out.dim[out.rank++] = idx.dim[i];
    for (uint32_t i = a + 1; i < x.rank; i++)
        out.dim[out.rank++] = x.dim[i];
    return nnx_nnef_sh_output(c, "output", &out);
}

static nnx_status rule_binary(nnx_nnef_sh *c)
{
    static const char *const names[] = {"x", "y"};
    return broadcast_op(c, names, 2, "z");
}

static nnx_status rule_select(nnx_nnef_sh *c)
{
    static const char *const names[] = {"condition", "true_value", "false_value"};
    return broadcast_op(c, names, 3, "output");
}

/* clamp(x, a, b) = max(min(x, b), a) (§4.2.4): all three broadcast together. */
static nnx_status rule_clamp(nnx_nnef_sh *c)
{
    static const char *const names[] = {"x", "a", "b"};
    return broadcast_op(c, names, 3, "y");
}

/* softmax(x, axes) (§4.9.1): its body reduces x over axes, so the reduce rules apply (S17). */
static nnx_status rule_softmax(nnx_nnef_sh *c)
{
    nnx_nnef_shape s;
    int64_t axes[NNX_MAX_RANK];
    uint32_t n = 0;
    nnx_status st = nnx_nnef_sh_tensor(c, "x", &s);
    if (st == NNX_OK)
        st = nnx_nnef_sh_ints(c, "axes", NNX_MAX_RANK, axes, &n);
    if (st == NNX_OK)
        st = nnx_nnef_sh_axes(c, "axes", axes, n, s.rank);
    return st != NNX_OK ? st : nnx_nnef_sh_output(c, "y", &s);
}

/* ---- reduce (§4.4) ------------------------------------------------------------------ */

/* Axes unique, in [0, rank); the result is 1 along them, unchanged elsewhere. */
static nnx_status rule_reduce(nnx_nnef_sh *c)
{
    nnx_nnef_shape s;
    int64_t axes[NNX_MAX_RANK];
    uint32_t n = 0;
    nnx_status st = nnx_nnef_sh_tensor(c, "input", &s);
    if (st == NNX_OK)
        st = nnx_nnef_sh_ints(c, "axes", NNX_MAX_RANK, axes, &n);
    if (st == NNX_OK)
        st = nnx_nnef_sh_axes(c, "axes", axes, n, s.rank);
    if (st != NNX_OK)
        return st;
    for (uint32_t i = 0; i < n; i++)
        s.dim[axes[i]] = 1;
    return nnx_nnef_sh_output(c, "output", &s);
}

/* ---- matmul (§4.7) ------------------------------------------------------------------ */

static nnx_status matmul_batch(nnx_nnef_sh *c, const nnx_nnef_shape *a, const nnx_nnef_shape *b, nnx_nnef_shape *out)
{
    for (uint32_t d = 0; d + 2 < a->rank; d++) {
        uint32_t x = a->dim[d], y = b->dim[d];
        if (x != y && x != 1 && y != 1)
            return nnx_nnef_sh_fail(c, "batch extents %u (A) and %u (B) in dimension %u do not broadcast", x, y, d);
        out->dim[d] = x == 1 ? y : x;
    }
    return NNX_OK;
}

static nnx_status rule_matmul(nnx_nnef_sh *c)
{
    nnx_nnef_shape a, b, out = {0};
    bool ta = false, tb = false;
    nnx_status st = nnx_nnef_sh_tensor(c, "A", &a);
    if (st == NNX_OK)
        st = nnx_nnef_sh_tensor(c, "B", &b);
    if (st == NNX_OK)
        st = nnx_nnef_sh_logical(c, "transposeA", &ta);
    if (st == NNX_OK)
        st = nnx_nnef_sh_logical(c, "transposeB", &tb);
    if (st != NNX_OK)
        return st;
    if (a.rank < 2 || a.rank != b.rank)
        return nnx_nnef_sh_fail(c, "A has rank %u and B rank %u; they must be equal and at least 2", a.rank, b.rank);
    uint32_t r = a.rank, rows = a.dim[r - 2 + ta], inner_a = a.dim[r - 1 - ta];
    uint32_t inner_b = b.dim[r - 2 + tb], cols = b.dim[r - 1 - tb];
    if (inner_a != inner_b) {
        char x[NNX_NNEF_SHAPE_STR], y[NNX_NNEF_SHAPE_STR];
        return nnx_nnef_sh_fail(c, "A %s%s has %u columns but B %s%s has %u rows", nnx_nnef_sh_str(&a, x),
                                ta ? " transposed" : "", inner_a, nnx_nnef_sh_str(&b, y), tb ? " transposed" : "",
                                inner_b);
    }
    out.rank = r;
    out.dim[r - 2] = rows;
    out.dim[r - 1] = cols;
    st = matmul_batch(c, &a, &b, &out);
    return st != NNX_OK ? st : nnx_nnef_sh_output(c, "C", &out);
}

/* ---- update (§4.8) ------------------------------------------------------------------ */

/* S16: `variable` is a variable's output, updated once per label; value's rank and shape
 * equal the variable's. */
static nnx_status rule_update(nnx_nnef_sh *c)
{
    nnx_nnef_shape var, value;
    const nnx_nnef_value *v = nnx_nnef_flat_arg(c->op, "variable");
    nnx_status st = nnx_nnef_sh_tensor(c, "variable", &var);
    if (st == NNX_OK)
        st = nnx_nnef_sh_tensor(c, "value", &value);
    if (st != NNX_OK)
        return st;
    const nnx_nnef_flat_tensor *t = v->kind == NNX_NNEF_VALUE_TENSOR ? &c->g->tensors[v->u.tensor] : NULL;
    const nnx_nnef_flat_op *p = t && t->producer < c->g->n_ops ? &c->g->ops[t->producer] : NULL;
    if (!p || p->custom || strcmp(p->name, "variable") != 0)
        return nnx_nnef_sh_fail(c, "'%s' is not the output of a variable", t ? t->name : "literal");
    bool *updated = &c->vars->updated[var_first(c->vars, label_of(c->g, t->producer), t->producer)];
    if (*updated)
        return nnx_nnef_sh_fail(c, "variable '%s' (label '%s') is updated twice", t->name, label_of(c->g, t->producer));
    char a[NNX_NNEF_SHAPE_STR], b[NNX_NNEF_SHAPE_STR];
    if (!nnx_nnef_shape_equal(&var, &value))
        return nnx_nnef_sh_fail(c, "value shape %s != variable shape %s", nnx_nnef_sh_str(&value, a),
                                nnx_nnef_sh_str(&var, b));
    *updated = true;
    return nnx_nnef_sh_output(c, "result", &var);
}

/* ---- dispatch ----------------------------------------------------------------------- */

/* The 61 primitives of NNEF 1.0.2 chapter 4, then the native compounds. */
/* clang-format off */
static const struct rule {
    const char *name;
    nnx_nnef_sh_rule fn;
} rules[] = {
    {"external", rule_external}, {"constant", rule_constant}, {"variable", rule_variable},
    {"copy", rule_unary}, {"neg", rule_unary}, {"rcp", rule_unary}, {"exp", rule_unary}, {"log", rule_unary},
    {"sin", rule_unary}, {"cos", rule_unary}, {"abs", rule_unary}, {"sign", rule_unary}, {"not", rule_unary},
    {"floor", rule_unary}, {"ceil", rule_unary}, {"round", rule_unary},
    {"add", rule_binary}, {"sub", rule_binary}, {"mul", rule_binary}, {"div", rule_binary}, {"pow", rule_binary},
    {"lt", rule_binary}, {"gt", rule_binary}, {"le", rule_binary}, {"ge", rule_binary}, {"eq", rule_binary},
    {"ne", rule_binary}, {"and", rule_binary}, {"or", rule_binary},
    {"select", rule_select},
    {"conv", nnx_nnef_sh_conv}, {"deconv", nnx_nnef_sh_deconv}, {"box", nnx_nnef_sh_box},
    {"debox", nnx_nnef_sh_debox}, {"argmax_pool", nnx_nnef_sh_argmax_pool}, {"sample", nnx_nnef_sh_sample},
    {"desample", nnx_nnef_sh_desample}, {"multilinear_upsample", nnx_nnef_sh_multilinear_upsample},
    {"sum_reduce", rule_reduce}, {"max_reduce", rule_reduce}, {"min_reduce", rule_reduce},
    {"argmax_reduce", rule_reduce}, {"argmin_reduce", rule_reduce}, {"all_reduce", rule_reduce},
    {"any_reduce", rule_reduce},
    {"reshape", nnx_nnef_sh_reshape}, {"squeeze", nnx_nnef_sh_squeeze}, {"unsqueeze", nnx_nnef_sh_unsqueeze},
    {"transpose", nnx_nnef_sh_transpose}, {"split", nnx_nnef_sh_split}, {"concat", nnx_nnef_sh_concat},
    {"stack", nnx_nnef_sh_stack}, {"unstack", nnx_nnef_sh_unstack}, {"slice", nnx_nnef_sh_slice},
    {"pad", nnx_nnef_sh_pad}, {"tile", nnx_nnef_sh_tile},
    {"avg_roi_pool", nnx_nnef_sh_roi}, {"max_roi_pool", nnx_nnef_sh_roi}, {"roi_resample", nnx_nnef_sh_roi},
    {"matmul", rule_matmul},
    {"update", rule_update},
    /* primitives of the library after 1.0.2 (NNEF-Tools, tract; decision 51) */
    {"tan", rule_unary}, {"sinh", rule_unary}, {"cosh", rule_unary}, {"asin", rule_unary}, {"acos", rule_unary},
    {"atan", rule_unary}, {"asinh", rule_unary}, {"acosh", rule_unary}, {"atanh", rule_unary},
    {"gather", rule_gather}, {"cast", rule_cast},
    /* native compounds (§4.2.4, §4.4, §4.9.1) */
    {"relu", rule_unary}, {"sigmoid", rule_unary}, {"tanh", rule_unary}, {"sqrt", rule_unary},
    {"min", rule_binary}, {"max", rule_binary}, {"clamp", rule_clamp}, {"softmax", rule_softmax},
    {"mean_reduce", rule_reduce}, {"max_pool", nnx_nnef_sh_box}, {"avg_pool", nnx_nnef_sh_box},
    {"nearest_downsample", nnx_nnef_sh_downsample}, {"area_downsample", nnx_nnef_sh_downsample},
};
/* clang-format on */

static nnx_nnef_sh_rule find_rule(const nnx_nnef_flat_op *op)
{
    if (op->custom || !op->name)
        return NULL;
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        if (strcmp(rules[i].name, op->name) == 0)
            return rules[i].fn;
    return NULL;
}

/* nnx_ops fragments (nnx_ops.h): the output is shaped like `input`, like `indices`, or as a
 * reduction of `input` over `axes` that keeps them as 1s. */
static nnx_status rule_ext_same(nnx_nnef_sh *c)
{
    nnx_nnef_shape s;
    nnx_status st = nnx_nnef_sh_tensor(c, "input", &s);
    return st != NNX_OK ? st : nnx_nnef_sh_output(c, "output", &s);
}

static nnx_status rule_ext_indices(nnx_nnef_sh *c)
{
    nnx_nnef_shape x, s;
    nnx_status st = nnx_nnef_sh_tensor(c, "input", &x);
    if (st == NNX_OK)
        st = nnx_nnef_sh_tensor(c, "indices", &s);
    if (st == NNX_OK && s.rank != x.rank)
        return nnx_nnef_sh_fail(c, "indices of rank %u for an input of rank %u", s.rank, x.rank);
    return st != NNX_OK ? st : nnx_nnef_sh_output(c, "output", &s);
}

static nnx_status rule_ext_gather_nd(nnx_nnef_sh *c)
{
    nnx_nnef_shape x, idx, out;
    nnx_status st = nnx_nnef_sh_tensor(c, "input", &x);
    if (st == NNX_OK)
        st = nnx_nnef_sh_tensor(c, "indices", &idx);
    if (st != NNX_OK)
        return st;
    uint32_t k = idx.rank ? idx.dim[idx.rank - 1] : 0;
    if (idx.rank == 0 || k > x.rank || idx.rank - 1 + (x.rank - k) > NNX_MAX_RANK)
        return nnx_nnef_sh_fail(c, "indices of rank %u and last extent %u do not address an input of rank %u", idx.rank,
                                k, x.rank);
    memset(&out, 0, sizeof out);
    for (uint32_t i = 0; i + 1 < idx.rank; i++)
        out.dim[out.rank++] = idx.dim[i];
    for (uint32_t i = k; i < x.rank; i++)
        out.dim[out.rank++] = x.dim[i];
    return nnx_nnef_sh_output(c, "output", &out);
}

/* l2_pool, resample: the input's shape with axes[i] of extent sizes[i] (both written). */
static nnx_status rule_ext_sizes(nnx_nnef_sh *c)
{
    nnx_nnef_shape s;
    int64_t axes[NNX_MAX_RANK], sizes[NNX_MAX_RANK];
    uint32_t n = 0, m = 0;
    nnx_status st = nnx_nnef_sh_tensor(c, "input", &s);
    if (st == NNX_OK)
        st = nnx_nnef_sh_ints(c, "axes", NNX_MAX_RANK, axes, &n);
    if (st == NNX_OK)
        st = nnx_nnef_sh_ints(c, "sizes", NNX_MAX_RANK, sizes, &m);
    if (st != NNX_OK)
        return st;
    if (n != m)
        return nnx_nnef_sh_fail(c, "%u axes but %u sizes", n, m);
    for (uint32_t i = 0; i < n; i++) {
        if (axes[i] < 0 || axes[i] >= (int64_t)s.rank || sizes[i] < 1 || sizes[i] > UINT32_MAX)
            return nnx_nnef_sh_fail(c, "axis %lld of extent %lld does not fit an input of rank %u", (long long)axes[i],
                                    (long long)sizes[i], s.rank);
        s.dim[axes[i]] = (uint32_t)sizes[i];
    }
    return nnx_nnef_sh_output(c, "output", &s);
}

static nnx_nnef_sh_rule find_ext_rule(const nnx_nnef_flat_op *op)
{
    const nnx_nnef_ext_op *e = op->extension ? nnx_nnef_ext_find(op->name) : NULL;
    if (!e)
        return NULL;
    switch (e->shape) {
    case NNX_NNEF_EXT_SAME: return rule_ext_same;
    case NNX_NNEF_EXT_INDICES: return rule_ext_indices;
    case NNX_NNEF_EXT_REDUCE: return rule_reduce;
    case NNX_NNEF_EXT_GATHER_ND: return rule_ext_gather_nd;
    case NNX_NNEF_EXT_SIZES: return rule_ext_sizes;
    }
    return NULL;
}

static bool introduces(nnx_nnef_sh_rule fn)
{
    return fn == rule_external || fn == rule_constant || fn == rule_variable;
}

static void forget(nnx_nnef_flat *g, const nnx_nnef_value *v)
{
    if (v->kind == NNX_NNEF_VALUE_TENSOR && v->u.tensor < g->n_tensors)
        g->tensors[v->u.tensor].has_shape = false;
    if ((v->kind == NNX_NNEF_VALUE_ARRAY || v->kind == NNX_NNEF_VALUE_TUPLE) && v->u.items)
        for (uint32_t i = 0; i < v->count; i++)
            forget(g, &v->u.items[i]);
}

static nnx_status infer_op(nnx_nnef_sh *c)
{
    nnx_nnef_sh_rule fn = c->op->extension ? find_ext_rule(c->op) : find_rule(c->op);
    if (c->g->has_custom_ops && !(fn && introduces(fn))) {
        for (uint32_t i = 0; i < c->op->n_results; i++)
            forget(c->g, &c->op->results[i].value);
        return NNX_OK;
    }
    if (!fn && c->op->custom)
        return nnx_nnef_sh_fail(c, "internal: custom operation in a graph not marked as having custom operations");
    if (!fn)
        return nnx_nnef_sh_fail(c, "internal: unknown operation");
    return fn(c);
}

nnx_status nnx_nnef_infer_shapes(nnx_nnef_flat *g, nnx_error *err)
{
    nnx_nnef_sh_vars vars;
    if (vars_init(g, &vars) != NNX_OK) {
        vars_free(g, &vars);
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    nnx_nnef_sh c = {.g = g, .err = err, .vars = &vars};
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; i < g->n_ops && st == NNX_OK; i++) {
        c.op = &g->ops[i];
        st = infer_op(&c);
    }
    vars_free(g, &vars);
    return st;
}

/* ---- input shapes (§2.2) and automatic padding (§4.3) ------------------------------- */

static nnx_nnef_arg *shape_param(nnx_nnef_flat *g, uint32_t tensor)
{
    uint32_t p = g->tensors[tensor].producer;
    if (p >= g->n_ops || strcmp(g->ops[p].name, "external") != 0)
        return NULL;
    for (uint32_t i = 0; i < g->ops[p].n_args; i++)
        if (strcmp(g->ops[p].args[i].name, "shape") == 0)
            return &g->ops[p].args[i];
    return NULL;
}

static nnx_status check_new_shape(const char *name, const uint32_t *shape, uint32_t rank, nnx_error *err)
{
    if (rank > NNX_MAX_RANK)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input '%s': rank %u exceeds %d", name, rank,
                             NNX_MAX_RANK);
    if (rank && !shape)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input '%s': shape is NULL", name);
    for (uint32_t i = 0; i < rank; i++)
        if (shape[i] == 0)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input '%s': extent %u is 0", name, i);
    return NNX_OK;
}

nnx_status nnx_nnef_set_input_shape(nnx_nnef_flat *g, const char *name, const uint32_t *shape, uint32_t rank,
                                    nnx_error *err)
{
    if (!name)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input name is NULL");
    uint32_t t = UINT32_MAX;
    for (uint32_t i = 0; i < g->n_inputs && t == UINT32_MAX; i++)
        if (g->inputs[i] < g->n_tensors && strcmp(g->tensors[g->inputs[i]].name, name) == 0)
            t = g->inputs[i];
    if (t == UINT32_MAX)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "no graph input named '%s'", name);
    nnx_status st = check_new_shape(name, shape, rank, err);
    if (st != NNX_OK)
        return st;
    nnx_nnef_arg *arg = shape_param(g, t);
    if (!arg)
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "internal: input '%s' has no external shape", name);
    nnx_nnef_value *items = rank ? nnx_arena_array(&g->arena, rank, sizeof *items) : NULL;
    if (rank && !items)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    nnx_nnef_flat_tensor *ten = &g->tensors[t];
    memset(ten->shape, 0, sizeof ten->shape);
    for (uint32_t i = 0; i < rank; i++) {
        items[i] = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_INTEGER, .u.integer = shape[i]};
        ten->shape[i] = shape[i];
    }
    arg->value = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_ARRAY, .count = rank, .u.items = items};
    ten->rank = rank;
    ten->has_shape = true;
    return NNX_OK;
}

bool nnx_nnef_auto_padding(int64_t up, int64_t down, int64_t f, int64_t s, int64_t d, int64_t *before, int64_t *after)
{
    int64_t fd, t;
    if (!nnx_nnef_sub_i64(f, 1, &fd) || !nnx_nnef_mul_i64(fd, d, &fd) || !nnx_nnef_add_i64(fd, 1, &fd) ||
        !nnx_nnef_sub_i64(down, 1, &t) || !nnx_nnef_mul_i64(t, s, &t) || !nnx_nnef_add_i64(t, fd, &t) ||
        !nnx_nnef_sub_i64(t, up, &t))
        return false;
    t = t > 0 ? t : 0;
    *before = t / 2;
    *after = t - t / 2;
    return true;
}
