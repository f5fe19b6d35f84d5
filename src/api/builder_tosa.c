/* builder_tosa.c — the TOSA 1.0 front end's entry points: sessions (profiles, level), the
 * operator table (names, arities), the Supported Data Types check against the generated
 * Appendix B table, level limits, and the dispatch of each operator to its group
 * (builder_tosa_elementwise.c, _data.c, _nn.c, _flow.c), which validates it and adds the core
 * nodes with the helpers of builder_tosa_helpers.c. */
#include "api/tosa_front.h"
#include "base/checked.h"
#include "api/tosa_types_table.h"

#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- operator table */

typedef struct op_info {
    const char *name;
    uint32_t in_min, in_max; /* UINT32_MAX: a list */
    uint32_t n_out;          /* UINT32_MAX: as many as the caller gives (lists) */
} op_info;

#define LIST UINT32_MAX
static const op_info ops[NNX_TOSA_OP_COUNT] = {
    [NNX_TOSA_ARGMAX] = {"ARGMAX", 1, 1, 1},
    [NNX_TOSA_AVG_POOL2D] = {"AVG_POOL2D", 1, 3, 1},
    [NNX_TOSA_CONV2D] = {"CONV2D", 3, 5, 1},
    [NNX_TOSA_CONV3D] = {"CONV3D", 3, 5, 1},
    [NNX_TOSA_DEPTHWISE_CONV2D] = {"DEPTHWISE_CONV2D", 3, 5, 1},
    [NNX_TOSA_FFT2D] = {"FFT2D", 2, 2, 2},
    [NNX_TOSA_MATMUL] = {"MATMUL", 2, 4, 1},
    [NNX_TOSA_MAX_POOL2D] = {"MAX_POOL2D", 1, 1, 1},
    [NNX_TOSA_RFFT2D] = {"RFFT2D", 1, 1, 2},
    [NNX_TOSA_TRANSPOSE_CONV2D] = {"TRANSPOSE_CONV2D", 3, 5, 1},
    [NNX_TOSA_CLAMP] = {"CLAMP", 1, 1, 1},
    [NNX_TOSA_ERF] = {"ERF", 1, 1, 1},
    [NNX_TOSA_SIGMOID] = {"SIGMOID", 1, 1, 1},
    [NNX_TOSA_TANH] = {"TANH", 1, 1, 1},
    [NNX_TOSA_ADD] = {"ADD", 2, 2, 1},
    [NNX_TOSA_ARITHMETIC_RIGHT_SHIFT] = {"ARITHMETIC_RIGHT_SHIFT", 2, 2, 1},
    [NNX_TOSA_BITWISE_AND] = {"BITWISE_AND", 2, 2, 1},
    [NNX_TOSA_BITWISE_OR] = {"BITWISE_OR", 2, 2, 1},
    [NNX_TOSA_BITWISE_XOR] = {"BITWISE_XOR", 2, 2, 1},
    [NNX_TOSA_INTDIV] = {"INTDIV", 2, 2, 1},
    [NNX_TOSA_LOGICAL_AND] = {"LOGICAL_AND", 2, 2, 1},
    [NNX_TOSA_LOGICAL_LEFT_SHIFT] = {"LOGICAL_LEFT_SHIFT", 2, 2, 1},
    [NNX_TOSA_LOGICAL_RIGHT_SHIFT] = {"LOGICAL_RIGHT_SHIFT", 2, 2, 1},
    [NNX_TOSA_LOGICAL_OR] = {"LOGICAL_OR", 2, 2, 1},
    [NNX_TOSA_LOGICAL_XOR] = {"LOGICAL_XOR", 2, 2, 1},
    [NNX_TOSA_MAXIMUM] = {"MAXIMUM", 2, 2, 1},
    [NNX_TOSA_MINIMUM] = {"MINIMUM", 2, 2, 1},
    [NNX_TOSA_MUL] = {"MUL", 2, 3, 1},
    [NNX_TOSA_POW] = {"POW", 2, 2, 1},
    [NNX_TOSA_SUB] = {"SUB", 2, 2, 1},
    [NNX_TOSA_TABLE] = {"TABLE", 2, 2, 1},
    [NNX_TOSA_ABS] = {"ABS", 1, 1, 1},
    [NNX_TOSA_BITWISE_NOT] = {"BITWISE_NOT", 1, 1, 1},
    [NNX_TOSA_CEIL] = {"CEIL", 1, 1, 1},
    [NNX_TOSA_CLZ] = {"CLZ", 1, 1, 1},
    [NNX_TOSA_COS] = {"COS", 1, 1, 1},
    [NNX_TOSA_EXP] = {"EXP", 1, 1, 1},
    [NNX_TOSA_FLOOR] = {"FLOOR", 1, 1, 1},
    [NNX_TOSA_LOG] = {"LOG", 1, 1, 1},
    [NNX_TOSA_LOGICAL_NOT] = {"LOGICAL_NOT", 1, 1, 1},
    [NNX_TOSA_NEGATE] = {"NEGATE", 1, 3, 1},
    [NNX_TOSA_RECIPROCAL] = {"RECIPROCAL", 1, 1, 1},
    [NNX_TOSA_RSQRT] = {"RSQRT", 1, 1, 1},
    [NNX_TOSA_SIN] = {"SIN", 1, 1, 1},
    [NNX_TOSA_SELECT] = {"SELECT", 3, 3, 1},
    [NNX_TOSA_EQUAL] = {"EQUAL", 2, 2, 1},
    [NNX_TOSA_GREATER] = {"GREATER", 2, 2, 1},
    [NNX_TOSA_GREATER_EQUAL] = {"GREATER_EQUAL", 2, 2, 1},
    [NNX_TOSA_REDUCE_ALL] = {"REDUCE_ALL", 1, 1, 1},
    [NNX_TOSA_REDUCE_ANY] = {"REDUCE_ANY", 1, 1, 1},
    [NNX_TOSA_REDUCE_MAX] = {"REDUCE_MAX", 1, 1, 1},
    [NNX_TOSA_REDUCE_MIN] = {"REDUCE_MIN", 1, 1, 1},
    [NNX_TOSA_REDUCE_PRODUCT] = {"REDUCE_PRODUCT", 1, 1, 1},
    [NNX_TOSA_REDUCE_SUM] = {"REDUCE_SUM", 1, 1, 1},
    [NNX_TOSA_CONCAT] = {"CONCAT", 0, LIST, 1},
    [NNX_TOSA_PAD] = {"PAD", 2, 3, 1},
    [NNX_TOSA_RESHAPE] = {"RESHAPE", 2, 2, 1},
    [NNX_TOSA_REVERSE] = {"REVERSE", 1, 1, 1},
    [NNX_TOSA_SLICE] = {"SLICE", 3, 3, 1},
    [NNX_TOSA_TILE] = {"TILE", 2, 2, 1},
    [NNX_TOSA_TRANSPOSE] = {"TRANSPOSE", 1, 1, 1},
    [NNX_TOSA_GATHER] = {"GATHER", 2, 2, 1},
    [NNX_TOSA_SCATTER] = {"SCATTER", 3, 3, 1},
    [NNX_TOSA_RESIZE] = {"RESIZE", 4, 4, 1},
    [NNX_TOSA_CAST] = {"CAST", 1, 1, 1},
    [NNX_TOSA_RESCALE] = {"RESCALE", 5, 5, 1},
    [NNX_TOSA_CONST] = {"CONST", 0, 0, 1},
    [NNX_TOSA_IDENTITY] = {"IDENTITY", 1, 1, 1},
    [NNX_TOSA_CUSTOM] = {"CUSTOM", 0, LIST, LIST},
    [NNX_TOSA_COND_IF] = {"COND_IF", 1, LIST, LIST},
    [NNX_TOSA_WHILE_LOOP] = {"WHILE_LOOP", 0, LIST, LIST},
    [NNX_TOSA_VARIABLE] = {"VARIABLE", 0, 0, 0},
    [NNX_TOSA_VARIABLE_WRITE] = {"VARIABLE_WRITE", 1, 1, 0},
    [NNX_TOSA_VARIABLE_READ] = {"VARIABLE_READ", 0, 0, 1},
    [NNX_TOSA_CONST_SHAPE] = {"CONST_SHAPE", 0, 0, 1},
};

const char *nnx_tosa_op_name(nnx_tosa_op op)
{
    return op > NNX_TOSA_OP_INVALID && op < NNX_TOSA_OP_COUNT ? ops[op].name : NULL;
}

/* ---------------------------------------------------------------- levels and sessions */

static const nnx_tosa_limits level_8k = {"Level 8K", 6, 8192, 8192, 256, 31, 6, 64};
static const nnx_tosa_limits level_none = {"no level", 32, 2147483647, 2147483647, 2048, 63, 256, 256};

static const struct {
    uint32_t ext, needs; /* needs: at least one of these profiles */
    const char *name;
} ext_rules[] = {
    {NNX_TOSA_EXT_INT16, NNX_TOSA_PRO_INT, "EXT-INT16"},
    {NNX_TOSA_EXT_INT4, NNX_TOSA_PRO_INT, "EXT-INT4"},
    {NNX_TOSA_EXT_BF16, NNX_TOSA_PRO_FP, "EXT-BF16"},
    {NNX_TOSA_EXT_FP8E4M3, NNX_TOSA_PRO_FP, "EXT-FP8E4M3"},
    {NNX_TOSA_EXT_FP8E5M2, NNX_TOSA_PRO_FP, "EXT-FP8E5M2"},
    {NNX_TOSA_EXT_FFT, NNX_TOSA_PRO_FP, "EXT-FFT"},
    {NNX_TOSA_EXT_VARIABLE, NNX_TOSA_PRO_INT | NNX_TOSA_PRO_FP, "EXT-VARIABLE"},
    {NNX_TOSA_EXT_CONTROLFLOW, NNX_TOSA_PRO_INT | NNX_TOSA_PRO_FP, "EXT-CONTROLFLOW"},
    {NNX_TOSA_EXT_DOUBLEROUND, NNX_TOSA_PRO_INT, "EXT-DOUBLEROUND"},
    {NNX_TOSA_EXT_INEXACTROUND, NNX_TOSA_PRO_INT, "EXT-INEXACTROUND"},
};

nnx_tosa *nnx_tosa_begin(nnx_builder *b, const nnx_tosa_options *o)
{
    if (!b || b->h.destroyed)
        return NULL;
    nnx_op_call c = {b, "TOSA", ""};
    nnx_tosa *t = nnx_arena_alloc(&b->arena, sizeof *t);
    if (!t) {
        nnx_call_fail(&c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    nnx_tosa_options opt = o ? *o : (nnx_tosa_options){0};
    *t = (nnx_tosa){.b = b, .root = b, .profiles = opt.profiles ? opt.profiles : NNX_TOSA_ALL_PROFILES};
    t->usage = &t->own_usage;
    t->level = opt.level == NNX_TOSA_LEVEL_NONE ? &level_none : &level_8k;
    if (b->err.status != NNX_OK || b->built)
        return t;
    if (opt.level > NNX_TOSA_LEVEL_NONE || (t->profiles & ~NNX_TOSA_ALL_PROFILES)) {
        nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "unknown level %d or profile bits 0x%x", (int)opt.level,
                      t->profiles & ~NNX_TOSA_ALL_PROFILES);
        return t;
    }
    if (!(t->profiles & (NNX_TOSA_PRO_INT | NNX_TOSA_PRO_FP))) {
        nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT,
                      "at least one profile (PRO-INT or PRO-FP) is required (spec §1.6)");
        return t;
    }
    for (size_t i = 0; i < sizeof ext_rules / sizeof *ext_rules; i++)
        if ((t->profiles & ext_rules[i].ext) && !(t->profiles & ext_rules[i].needs)) {
            nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "%s is allowed only with %s (spec §1.6)", ext_rules[i].name,
                          ext_rules[i].needs == NNX_TOSA_PRO_INT      ? "PRO-INT"
                              : ext_rules[i].needs == NNX_TOSA_PRO_FP ? "PRO-FP"
                                                                      : "PRO-INT or PRO-FP");
            return t;
        }
    return t;
}

nnx_builder *nnx_tosa_builder(nnx_tosa *t) { return t ? t->b : NULL; }

/* ---------------------------------------------------------------- data types */

const char *nnx_tosa_profile_name(uint32_t bit)
{
    static const char *const names[] = {"PRO-INT",      "PRO-FP",          "EXT-INT16",       "EXT-INT4",
                                        "EXT-BF16",     "EXT-FP8E4M3",     "EXT-FP8E5M2",     "EXT-FFT",
                                        "EXT-VARIABLE", "EXT-CONTROLFLOW", "EXT-DOUBLEROUND", "EXT-INEXACTROUND"};
    for (unsigned i = 0; i < sizeof names / sizeof *names; i++)
        if (bit == 1u << i)
            return names[i];
    return NULL;
}

static const char *profile_text(uint32_t bits, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < 12; i++)
        if (bits & (1u << i))
            n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s", n ? " and " : "",
                                  nnx_tosa_profile_name(1u << i));
    return buf;
}

static nnx_tosa_variable *find_var(nnx_tosa *t, int32_t uid)
{
    for (uint32_t i = 0; i < t->n_vars; i++)
        if (t->vars[i].uid == uid)
            return &t->vars[i];
    return NULL;
}

/* The types the call gives for each type column (UNDEFINED: taken from the row). */
static void given_types(const nnx_tosa_call *k, nnx_dtype g[4])
{
    const nnx_tosa_attrs *a = k->a;
    memset(g, 0, 4 * sizeof *g);
    nnx_dtype in0 = k->n_in > 0 ? nnx_tosa_dt(k, 0) : NNX_DTYPE_UNDEFINED;
    nnx_dtype in1 = k->n_in > 1 ? nnx_tosa_dt(k, 1) : NNX_DTYPE_UNDEFINED;
    switch (k->op) {
    case NNX_TOSA_AVG_POOL2D:
        g[0] = in0;
        g[1] = a->acc_type;
        break;
    case NNX_TOSA_CONV2D:
    case NNX_TOSA_CONV3D:
    case NNX_TOSA_DEPTHWISE_CONV2D:
    case NNX_TOSA_TRANSPOSE_CONV2D:
        g[0] = in0;
        g[1] = in1;
        g[3] = a->acc_type;
        break;
    case NNX_TOSA_MATMUL:
        g[0] = in0;
        g[1] = a->out_type;
        break;
    case NNX_TOSA_TABLE:
        g[0] = in0;
        g[1] = in1;
        break;
    case NNX_TOSA_GATHER:
        g[0] = in1;
        g[1] = in0;
        break;
    case NNX_TOSA_SCATTER:
        g[0] = in0;
        g[1] = in1;
        break;
    case NNX_TOSA_RESIZE: g[1] = in0; break;
    case NNX_TOSA_CAST:
    case NNX_TOSA_RESCALE:
        g[0] = in0;
        g[1] = a->out_type;
        break;
    case NNX_TOSA_SELECT: g[0] = in1; break;
    case NNX_TOSA_CONST:
    case NNX_TOSA_VARIABLE: g[0] = a->desc.dtype; break;
    case NNX_TOSA_VARIABLE_READ:
    case NNX_TOSA_VARIABLE_WRITE: {
        const nnx_tosa_variable *v = find_var(k->t, a->uid);
        g[0] = v ? v->desc.dtype : NNX_DTYPE_UNDEFINED;
        break;
    }
    case NNX_TOSA_WHILE_LOOP: g[0] = NNX_BOOL; break;
    case NNX_TOSA_CONST_SHAPE: g[0] = NNX_INT64; break;
    case NNX_TOSA_CUSTOM: break;
    default: g[0] = in0; break;
    }
}

static bool row_fits(const nnx_tosa_call *k, const nnx_tosa_type_row *r, const nnx_dtype g[4])
{
    if (r->op != k->op)
        return false;
    for (int c = 0; c < 4; c++)
        if (g[c] != NNX_DTYPE_UNDEFINED && r->types[c] != g[c])
            return false;
    if (k->op == NNX_TOSA_RESIZE && r->mode) {
        nnx_tosa_mode m = k->a->mode == NNX_TOSA_MODE_DEFAULT ? NNX_TOSA_MODE_NEAREST : k->a->mode;
        if (r->mode != m)
            return false;
    }
    return true;
}

static bool row_enabled(const nnx_tosa_type_row *r, uint32_t profiles)
{
    return (r->all_of & profiles) == r->all_of && (!r->any_of || (r->any_of & profiles));
}

static bool check_types(nnx_tosa_call *k)
{
    nnx_dtype g[4];
    given_types(k, g);
    const nnx_tosa_type_row *disabled = NULL;
    for (uint32_t i = 0; i < NNX_TOSA_TYPE_ROWS; i++) {
        const nnx_tosa_type_row *r = &nnx_tosa_type_rows[i];
        if (!row_fits(k, r, g))
            continue;
        if (row_enabled(r, k->t->profiles)) {
            k->row = r;
            nnx_tosa_usage *u = k->t->usage;
            u->all |= r->all_of;
            if (r->any_of && !(r->any_of & u->all))
                u->any |= r->any_of;
            return true;
        }
        if (!disabled)
            disabled = r;
    }
    char text[256], prof[160];
    size_t n = 0;
    text[0] = '\0';
    for (int c = 0; c < 4 && nnx_tosa_type_cols[k->op][c]; c++)
        if (g[c] != NNX_DTYPE_UNDEFINED)
            n += (size_t)snprintf(text + n, n < sizeof text ? sizeof text - n : 0, "%s%s = %s", n ? ", " : "",
                                  nnx_tosa_type_cols[k->op][c], nnx_dtype_name(g[c]));
    if (disabled)
        return nnx_tosa_fail(k, NNX_ERROR_NOT_SUPPORTED,
                             "the data types (%s) need %s, which this session does not enable", text,
                             profile_text(disabled->all_of ? disabled->all_of : disabled->any_of, prof, sizeof prof));
    return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT,
                         "ERROR_IF(operator data types do not meet the Supported Data Types): %s is not a listed "
                         "combination",
                         text[0] ? text : "(none given)");
}

/* ---------------------------------------------------------------- the entry point */

/* MAX_LOG2_SIZE (§1.7): element count x element size (1 for sub-byte types) must fit
 * tensor_size_t. */
static bool check_size(nnx_tosa_call *k, const nnx_operand_desc *d)
{
    uint64_t n = 0, bytes;
    nnx_desc_elements(d, &n);
    unsigned bits = nnx_dtype_bits(d->dtype);
    if (!nnx_mul_u64(n, bits < 8 ? 1 : bits / 8, &bytes))
        bytes = UINT64_MAX;
    return nnx_tosa_level_check(k, k->t->level->max_log2_size >= 63 || bytes < (1ull << k->t->level->max_log2_size),
                                "tensor_size(shape) * element size <= (1 << MAX_LOG2_SIZE) - 1");
}

static bool check_outputs(nnx_tosa_call *k, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        const nnx_operand_desc *d = &k->out[i]->desc;
        if (!check_size(k, d))
            return false;
        if (!k->a->output_descs)
            continue;
        const nnx_operand_desc *want = &k->a->output_descs[i];
        if (!nnx_desc_equal(d, want)) {
            char have_s[128], want_s[128];
            return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT,
                                 "ERROR_IF(output %u does not meet the operator's output requirement): it is %s, the "
                                 "graph declares %s",
                                 i, nnx_desc_format(d, have_s, sizeof have_s),
                                 nnx_desc_format(want, want_s, sizeof want_s));
        }
    }
    return true;
}

static bool dispatch(nnx_tosa_call *k)
{
    switch (k->op) {
    case NNX_TOSA_ARGMAX:
    case NNX_TOSA_AVG_POOL2D:
    case NNX_TOSA_CONV2D:
    case NNX_TOSA_CONV3D:
    case NNX_TOSA_DEPTHWISE_CONV2D:
    case NNX_TOSA_FFT2D:
    case NNX_TOSA_MATMUL:
    case NNX_TOSA_MAX_POOL2D:
    case NNX_TOSA_RFFT2D:
    case NNX_TOSA_TRANSPOSE_CONV2D:
    case NNX_TOSA_REDUCE_ALL:
    case NNX_TOSA_REDUCE_ANY:
    case NNX_TOSA_REDUCE_MAX:
    case NNX_TOSA_REDUCE_MIN:
    case NNX_TOSA_REDUCE_PRODUCT:
    case NNX_TOSA_REDUCE_SUM:
    case NNX_TOSA_RESIZE: return nnx_tosa_nn(k);
    case NNX_TOSA_CONCAT:
    case NNX_TOSA_PAD:
    case NNX_TOSA_RESHAPE:
    case NNX_TOSA_REVERSE:
    case NNX_TOSA_SLICE:
    case NNX_TOSA_TILE:
    case NNX_TOSA_TRANSPOSE:
    case NNX_TOSA_GATHER:
    case NNX_TOSA_SCATTER:
    case NNX_TOSA_CONST:
    case NNX_TOSA_IDENTITY:
    case NNX_TOSA_CONST_SHAPE: return nnx_tosa_data(k);
    case NNX_TOSA_CUSTOM:
    case NNX_TOSA_COND_IF:
    case NNX_TOSA_WHILE_LOOP:
    case NNX_TOSA_VARIABLE:
    case NNX_TOSA_VARIABLE_WRITE:
    case NNX_TOSA_VARIABLE_READ: return nnx_tosa_flow(k);
    default: return nnx_tosa_elementwise(k);
    }
}

/* Validates and adds k's operator into k->out (tmp slots); false on failure. */
static bool add(nnx_tosa_call *k)
{
    nnx_tosa *t = k->t;
    const char *name = nnx_tosa_op_name(k->op);
    if (!nnx_call_begin(&k->c, t->b, k->name, k->a->label))
        return false;
    if (!name)
        return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "%d is not a TOSA 1.0 operator", (int)k->op);
    const op_info *info = &ops[k->op];
    if (k->n_in < info->in_min || (info->in_max != LIST && k->n_in > info->in_max))
        return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "%u inputs given, it takes %u%s%s", k->n_in, info->in_min,
                             info->in_max == info->in_min ? ""
                                 : info->in_max == LIST   ? " or more"
                                                          : " to ",
                             info->in_max == info->in_min || info->in_max == LIST ? "" : "the optional zero points");
    if (k->n_in && !k->in)
        return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "inputs is NULL");
    if (k->outputs_null)
        return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "outputs is NULL");
    if (info->n_out != LIST && k->n_out != info->n_out)
        return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "%u outputs requested, it has %u", k->n_out, info->n_out);
    for (uint32_t i = 0; i < k->n_in; i++) {
        char what[24];
        snprintf(what, sizeof what, "input %u", i);
        if (!nnx_call_operand(&k->c, k->in[i], what))
            return false;
    }
    return check_types(k) && dispatch(k) && check_outputs(k, k->n_out);
}

/* inputs and outputs may be one array (an operator applied in place): the outputs are
 * written only at the end, results on success, the poisoned operand on failure. */
uint32_t nnx_tosa_add(nnx_tosa *t, nnx_tosa_op op, nnx_operand *const *inputs, uint32_t n_inputs,
                      const nnx_tosa_attrs *attrs, nnx_operand **outputs, uint32_t n_outputs)
{
    if (!t)
        return 0;
    static const nnx_tosa_attrs zero;
    nnx_tosa_call k = {.t = t,
                       .op = op,
                       .in = inputs,
                       .n_in = n_inputs,
                       .a = attrs ? attrs : &zero,
                       .n_out = n_outputs,
                       .outputs_null = n_outputs && !outputs};
    const char *name = nnx_tosa_op_name(op);
    snprintf(k.name, sizeof k.name, "TOSA %s", name ? name : "operator");
    nnx_operand *tmp[8], **res = tmp;
    if (n_outputs > 8 && !(res = nnx_arena_array(&t->b->arena, n_outputs, sizeof *res))) {
        nnx_call_fail(&k.c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        n_outputs = outputs ? n_outputs : 0;
        for (uint32_t i = 0; i < n_outputs; i++)
            outputs[i] = &t->b->poison;
        return 0;
    }
    k.out = res;
    for (uint32_t i = 0; i < n_outputs; i++)
        res[i] = &t->b->poison;
    bool ok = add(&k);
    if (outputs)
        for (uint32_t i = 0; i < n_outputs; i++)
            outputs[i] = ok ? res[i] : &t->b->poison;
    return ok ? n_outputs : 0;
}
