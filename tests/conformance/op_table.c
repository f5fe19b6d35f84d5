/* op_table.c — the operator dispatch table of the WebNN conformance runner: maps each WebNN
 * operator name of a case to the nnx_builder_* call, its JSON arguments and camelCase options
 * to the nnx options structs, and computes the operator's tolerance from the wpt table
 * (testdata/webnn/README.md) using the operand shapes the builder reports. */
#include <stdlib.h>
#include <string.h>

#include "op_call.h"

/* ------------------------------------------------------------------ argument helpers */

nnx_operand_desc cf_desc_of(const nnx_operand *operand)
{
    nnx_operand_desc d;
    nnx_operand_get_desc(operand, &d);
    return d;
}

static const cJSON *arg_value(op_call *c, int index)
{
    const cJSON *v = cf_arg(c->args, index, NULL);
    if (!v)
        cf_fail(c->err, "%s: missing argument %d", c->entry->name, index);
    return v;
}

/* A JSON string naming an input, a constant or an earlier output. */
static bool name_to_operand(op_call *c, const cJSON *v, nnx_operand **out)
{
    if (!cJSON_IsString(v))
        return cf_fail(c->err, "%s: an operand argument is not a name", c->entry->name);
    *out = cf_graph_lookup(c->g, v->valuestring);
    if (!*out)
        return cf_fail(c->err, "%s: unknown operand '%s'", c->entry->name, v->valuestring);
    return true;
}

bool cf_arg_operand(op_call *c, int index, nnx_operand **out)
{
    const cJSON *v = arg_value(c, index);
    return v && name_to_operand(c, v, out);
}

bool cf_arg_u32(op_call *c, int index, uint32_t *out)
{
    cf_msg inner;
    const cJSON *v = arg_value(c, index);
    if (v && !cf_parse_u32(v, out, &inner))
        return cf_fail(c->err, "%s: argument %d: %s", c->entry->name, index, inner.text);
    return v != NULL;
}

static bool arg_u32_list(op_call *c, int index, uint32_t *buf, uint32_t cap, uint32_t *count)
{
    cf_msg inner;
    const cJSON *v = arg_value(c, index);
    if (v && !cf_parse_u32_list(v, buf, cap, count, &inner))
        return cf_fail(c->err, "%s: argument %d: %s", c->entry->name, index, inner.text);
    return v != NULL;
}

const cJSON *cf_opt(const op_call *c, const char *key)
{
    return c->options ? cJSON_GetObjectItemCaseSensitive(c->options, key) : NULL;
}

/* A list option: *ptr stays NULL ("absent") unless the key is given. */
static bool opt_u32_list(op_call *c, const char *key, uint32_t *buf, uint32_t cap, const uint32_t **ptr,
                         uint32_t *count)
{
    cf_msg inner;
    const cJSON *v = cf_opt(c, key);
    *ptr = NULL;
    *count = 0;
    if (!v)
        return true;
    if (!cf_parse_u32_list(v, buf, cap, count, &inner))
        return cf_fail(c->err, "%s: option %s: %s", c->entry->name, key, inner.text);
    *ptr = buf;
    return true;
}

static bool opt_u32(op_call *c, const char *key, uint32_t *out)
{
    cf_msg inner;
    const cJSON *v = cf_opt(c, key);
    if (v && !cf_parse_u32(v, out, &inner))
        return cf_fail(c->err, "%s: option %s: %s", c->entry->name, key, inner.text);
    return true;
}

bool cf_opt_bool(op_call *c, const char *key, bool *out)
{
    const cJSON *v = cf_opt(c, key);
    if (v && !cJSON_IsBool(v))
        return cf_fail(c->err, "%s: option %s is not a boolean", c->entry->name, key);
    if (v)
        *out = cJSON_IsTrue(v);
    return true;
}

static bool opt_number(op_call *c, const char *key, nnx_number *out)
{
    cf_msg inner;
    const cJSON *v = cf_opt(c, key);
    if (v && !cf_parse_number(v, out, &inner))
        return cf_fail(c->err, "%s: option %s: %s", c->entry->name, key, inner.text);
    return true;
}

bool cf_opt_operand(op_call *c, const char *key, nnx_operand **out)
{
    const cJSON *v = cf_opt(c, key);
    *out = NULL;
    return !v || name_to_operand(c, v, out);
}

/* A string option from `names` (NULL-terminated); *out = its index + 1, 0 when absent, which
 * matches the nnx enums whose zero value is "default" and whose members follow in order. */
bool cf_opt_enum(op_call *c, const char *key, const char *const *names, int *out)
{
    const cJSON *v = cf_opt(c, key);
    *out = 0;
    if (!v)
        return true;
    for (int i = 0; cJSON_IsString(v) && names[i]; i++) {
        if (strcmp(names[i], v->valuestring) == 0) {
            *out = i + 1;
            return true;
        }
    }
    return cf_fail(c->err, "%s: option %s has an unsupported value", c->entry->name, key);
}

/* ------------------------------------------------------------------ tolerance helpers */

static bool out_is_f16(const op_call *c) { return c->out_count > 0 && cf_desc_of(c->outs[0]).dtype == NNX_FLOAT16; }

/* Budget of a table entry with fixed element-wise tolerances, picked by the output type. */
static void fixed_tolerance(op_call *c)
{
    bool f16 = out_is_f16(c);
    c->tol.ulp = f16 ? c->entry->ulp_f16 : c->entry->ulp_f32;
    c->tol.abs = f16 ? c->entry->abs_f16 : c->entry->abs_f32;
}

static bool single(op_call *c, nnx_operand *result)
{
    c->outs[0] = result;
    c->out_count = 1;
    return true;
}

/* ------------------------------------------------------------------ handlers */

static bool handle_binary(op_call *c)
{
    nnx_operand *a, *b;
    nnx_operator_options o = {c->label};
    if (!cf_arg_operand(c, 0, &a) || !cf_arg_operand(c, 1, &b))
        return false;
    single(c, c->entry->binary(c->g->builder, a, b, &o));
    fixed_tolerance(c);
    return true;
}

static bool handle_unary(op_call *c)
{
    nnx_operand *x;
    nnx_operator_options o = {c->label};
    if (!cf_arg_operand(c, 0, &x))
        return false;
    single(c, c->entry->unary(c->g->builder, x, &o));
    fixed_tolerance(c);
    return true;
}

/* clamp: 0 ULP. Bounds are MLNumbers; an absent bound means no bound. */
static bool handle_clamp(op_call *c)
{
    nnx_operand *x;
    nnx_clamp_options o = {.label = c->label};
    if (!cf_arg_operand(c, 0, &x) || !opt_number(c, "minValue", &o.min_value) ||
        !opt_number(c, "maxValue", &o.max_value))
        return false;
    return single(c, nnx_builder_clamp(c->g->builder, x, &o));
}

/* cast: 0 ULP — the expected data already applies the spec's conversion rules. */
static bool handle_cast(op_call *c)
{
    nnx_operand *x;
    nnx_operator_options o = {c->label};
    const cJSON *type = arg_value(c, 1);
    if (!cf_arg_operand(c, 0, &x) || !type)
        return false;
    nnx_dtype dtype = cJSON_IsString(type) ? cf_dtype_from_name(type->valuestring) : NNX_DTYPE_UNDEFINED;
    if (dtype == NNX_DTYPE_UNDEFINED)
        return cf_fail(c->err, "cast: unknown target data type");
    return single(c, nnx_builder_cast(c->g->builder, x, dtype, &o));
}

/* matmul: 2*K ULP — each output is a K-term dot product: K roundings of the products and
 * K of the running sum, K = the last dimension of a. */
static bool handle_matmul(op_call *c)
{
    nnx_operand *a, *b;
    nnx_operator_options o = {c->label};
    if (!cf_arg_operand(c, 0, &a) || !cf_arg_operand(c, 1, &b))
        return false;
    single(c, nnx_builder_matmul(c->g->builder, a, b, &o));
    nnx_operand_desc da = cf_desc_of(a);
    c->tol.ulp = da.rank ? 2ull * da.shape[da.rank - 1] : 0;
    return true;
}

/* True when an MLNumber was given and differs from 1 (the default alpha/beta). */
static bool number_not_one(nnx_number n)
{
    switch (n.kind) {
    case NNX_NUMBER_FLOAT64: return n.value.f64 != 1.0;
    case NNX_NUMBER_INT64: return n.value.i64 != 1;
    case NNX_NUMBER_UINT64: return n.value.u64 != 1;
    default: return false;
    }
}

/* gemm: 2*K ULP for the dot products (K = a's column count, or row count when aTranspose),
 * +1 for the alpha scaling when alpha != 1, +1 for adding C, +1 for the beta scaling of C
 * when beta != 1 — one rounding each. */
static bool handle_gemm(op_call *c)
{
    nnx_operand *a, *b;
    nnx_gemm_options o = {.label = c->label};
    if (!cf_arg_operand(c, 0, &a) || !cf_arg_operand(c, 1, &b) || !cf_opt_operand(c, "c", &o.c) ||
        !opt_number(c, "alpha", &o.alpha) || !opt_number(c, "beta", &o.beta) ||
        !cf_opt_bool(c, "aTranspose", &o.a_transpose) || !cf_opt_bool(c, "bTranspose", &o.b_transpose))
        return false;
    single(c, nnx_builder_gemm(c->g->builder, a, b, &o));
    nnx_operand_desc da = cf_desc_of(a);
    uint64_t k = da.rank == 2 ? da.shape[o.a_transpose ? 0 : 1] : 0;
    c->tol.ulp = 2 * k + number_not_one(o.alpha) + (o.c != NULL) + number_not_one(o.beta);
    return true;
}

static const char *const INPUT_LAYOUTS[] = {"nchw", "nhwc", NULL};
static const char *const FILTER_LAYOUTS[] = {"oihw", "hwio", "ohwi", "ihwo", NULL};
static const char *const ROUNDINGS[] = {"floor", "ceil", NULL};

/* The H and W axes of a 4-D activation in the given layout. */
static void spatial_axes(nnx_input_layout layout, int *h, int *w)
{
    *h = layout == NNX_LAYOUT_NHWC ? 1 : 2;
    *w = layout == NNX_LAYOUT_NHWC ? 2 : 3;
}

/* conv2d: kH*kW*(inputChannels/groups)*2 ULP — each output is a dot product over the
 * receptive field, one rounding per product and one per accumulation. kH/kW come from the
 * filter per filterLayout, inputChannels from the input per inputLayout. */
static void conv2d_tolerance(op_call *c, nnx_operand *input, nnx_operand *filter, const nnx_conv2d_options *o)
{
    /* Positions of H and W in the filter for oihw, hwio, ohwi, ihwo. */
    static const int FILTER_H[] = {2, 2, 0, 1, 1}, FILTER_W[] = {3, 3, 1, 2, 2};
    nnx_operand_desc in = cf_desc_of(input), f = cf_desc_of(filter);
    if (in.rank != 4 || f.rank != 4)
        return; /* the builder rejects it; the budget is never used */
    uint64_t channels = in.shape[o->input_layout == NNX_LAYOUT_NHWC ? 3 : 1];
    uint64_t groups = o->groups ? o->groups : 1;
    uint64_t kh = f.shape[FILTER_H[o->filter_layout]], kw = f.shape[FILTER_W[o->filter_layout]];
    c->tol.ulp = kh * kw * (channels / groups) * 2;
}

static bool handle_conv2d(op_call *c)
{
    nnx_operand *input, *filter;
    uint32_t pad[CF_MAX_LIST], str[CF_MAX_LIST], dil[CF_MAX_LIST];
    nnx_conv2d_options o = {.label = c->label};
    int in_layout, filter_layout;
    if (!cf_arg_operand(c, 0, &input) || !cf_arg_operand(c, 1, &filter) ||
        !opt_u32_list(c, "padding", pad, CF_MAX_LIST, &o.padding, &o.padding_count) ||
        !opt_u32_list(c, "strides", str, CF_MAX_LIST, &o.strides, &o.strides_count) ||
        !opt_u32_list(c, "dilations", dil, CF_MAX_LIST, &o.dilations, &o.dilations_count) ||
        !opt_u32(c, "groups", &o.groups) || !cf_opt_operand(c, "bias", &o.bias) ||
        !cf_opt_enum(c, "inputLayout", INPUT_LAYOUTS, &in_layout) ||
        !cf_opt_enum(c, "filterLayout", FILTER_LAYOUTS, &filter_layout))
        return false;
    o.input_layout = (nnx_input_layout)in_layout;
    o.filter_layout = (nnx_filter_layout)filter_layout;
    single(c, nnx_builder_conv2d(c->g->builder, input, filter, &o));
    conv2d_tolerance(c, input, filter, &o);
    return true;
}

/* convTranspose2d: the conv2d budget kH*kW*(inputChannels/groups)*2 ULP (wpt table), with kH/kW
 * from the filter per its iohw/hwoi/ohwi layout. */
static bool handle_conv_transpose2d(op_call *c)
{
    static const char *const T_FILTER_LAYOUTS[] = {"iohw", "hwoi", "ohwi", NULL};
    static const int T_FILTER_H[] = {2, 2, 0, 1}, T_FILTER_W[] = {3, 3, 1, 2};
    nnx_operand *input, *filter;
    uint32_t pad[CF_MAX_LIST], str[CF_MAX_LIST], dil[CF_MAX_LIST], opad[CF_MAX_LIST], sizes[CF_MAX_LIST];
    nnx_conv_transpose2d_options o = {.label = c->label};
    int in_layout, filter_layout;
    if (!cf_arg_operand(c, 0, &input) || !cf_arg_operand(c, 1, &filter) ||
        !opt_u32_list(c, "padding", pad, CF_MAX_LIST, &o.padding, &o.padding_count) ||
        !opt_u32_list(c, "strides", str, CF_MAX_LIST, &o.strides, &o.strides_count) ||
        !opt_u32_list(c, "dilations", dil, CF_MAX_LIST, &o.dilations, &o.dilations_count) ||
        !opt_u32_list(c, "outputPadding", opad, CF_MAX_LIST, &o.output_padding, &o.output_padding_count) ||
        !opt_u32_list(c, "outputSizes", sizes, CF_MAX_LIST, &o.output_sizes, &o.output_sizes_count) ||
        !opt_u32(c, "groups", &o.groups) || !cf_opt_operand(c, "bias", &o.bias) ||
        !cf_opt_enum(c, "inputLayout", INPUT_LAYOUTS, &in_layout) ||
        !cf_opt_enum(c, "filterLayout", T_FILTER_LAYOUTS, &filter_layout))
        return false;
    o.input_layout = (nnx_input_layout)in_layout;
    o.filter_layout = (nnx_conv_transpose_filter_layout)filter_layout;
    single(c, nnx_builder_conv_transpose2d(c->g->builder, input, filter, &o));
    nnx_operand_desc in = cf_desc_of(input), f = cf_desc_of(filter);
    if (in.rank == 4 && f.rank == 4) {
        uint64_t channels = in.shape[o.input_layout == NNX_LAYOUT_NHWC ? 3 : 1];
        uint64_t groups = o.groups ? o.groups : 1;
        c->tol.ulp = (uint64_t)f.shape[T_FILTER_H[filter_layout]] * f.shape[T_FILTER_W[filter_layout]] *
            (channels / groups) * 2;
    }
    return true;
}

/* Parses the pool2d options shared by averagePool2d and maxPool2d into o (lists into bufs). */
static bool parse_pool(op_call *c, nnx_pool2d_options *o, uint32_t bufs[5][CF_MAX_LIST])
{
    int layout, rounding, legacy_rounding;
    if (!opt_u32_list(c, "windowDimensions", bufs[0], CF_MAX_LIST, &o->window_dimensions,
                      &o->window_dimensions_count) ||
        !opt_u32_list(c, "padding", bufs[1], CF_MAX_LIST, &o->padding, &o->padding_count) ||
        !opt_u32_list(c, "strides", bufs[2], CF_MAX_LIST, &o->strides, &o->strides_count) ||
        !opt_u32_list(c, "dilations", bufs[3], CF_MAX_LIST, &o->dilations, &o->dilations_count) ||
        !opt_u32_list(c, "outputSizes", bufs[4], CF_MAX_LIST, &o->output_sizes, &o->output_sizes_count) ||
        !cf_opt_enum(c, "layout", INPUT_LAYOUTS, &layout) || !cf_opt_enum(c, "roundingType", ROUNDINGS, &rounding) ||
        !cf_opt_enum(c, "outputShapeRounding", ROUNDINGS, &legacy_rounding))
        return false;
    o->label = c->label;
    o->layout = (nnx_input_layout)layout;
    /* roundingType is the current spec name, outputShapeRounding the older one. */
    o->output_shape_rounding = (nnx_rounding)(rounding ? rounding : legacy_rounding);
    return true;
}

/* averagePool2d: windowH*windowW + 2 ULP — one rounding per summed element, plus the
 * division and the count. The window defaults to the whole input plane. */
static bool handle_average_pool2d(op_call *c)
{
    nnx_operand *x;
    uint32_t bufs[5][CF_MAX_LIST];
    nnx_pool2d_options o = {0};
    if (!cf_arg_operand(c, 0, &x) || !parse_pool(c, &o, bufs))
        return false;
    single(c, nnx_builder_average_pool2d(c->g->builder, x, &o));
    nnx_operand_desc d = cf_desc_of(x);
    uint64_t wh = 0, ww = 0;
    if (o.window_dimensions && o.window_dimensions_count == 2) {
        wh = o.window_dimensions[0];
        ww = o.window_dimensions[1];
    } else if (d.rank == 4) {
        int h, w;
        spatial_axes(o.layout, &h, &w);
        wh = d.shape[h];
        ww = d.shape[w];
    }
    c->tol.ulp = wh * ww + 2;
    return true;
}

/* maxPool2d: 0 ULP — it selects an input element. */
static bool handle_max_pool2d(op_call *c)
{
    nnx_operand *x;
    uint32_t bufs[5][CF_MAX_LIST];
    nnx_pool2d_options o = {0};
    if (!cf_arg_operand(c, 0, &x) || !parse_pool(c, &o, bufs))
        return false;
    return single(c, nnx_builder_max_pool2d(c->g->builder, x, &o));
}

/* l2Pool2d: not in the wpt table; derived as reduceL2's 2N + 1 ULP with N = windowH*windowW
 * (a square and a sum term per element, then the root). */
static bool handle_l2_pool2d(op_call *c)
{
    nnx_operand *x;
    uint32_t bufs[5][CF_MAX_LIST];
    nnx_pool2d_options o = {0};
    if (!cf_arg_operand(c, 0, &x) || !parse_pool(c, &o, bufs))
        return false;
    single(c, nnx_builder_l2_pool2d(c->g->builder, x, &o));
    nnx_operand_desc d = cf_desc_of(x);
    uint64_t n = 0;
    if (o.window_dimensions && o.window_dimensions_count == 2) {
        n = (uint64_t)o.window_dimensions[0] * o.window_dimensions[1];
    } else if (d.rank == 4) {
        int h, w;
        spatial_axes(o.layout, &h, &w);
        n = (uint64_t)d.shape[h] * d.shape[w];
    }
    c->tol.ulp = 2 * n + 1;
    return true;
}

/* resample2d: not in the wpt table; nearest-neighbor selects an element (0 ULP); linear is
 * derived from the spec's formula: three interpolations of two products and a sum (9
 * roundings) plus the coordinate and the two weights (3): 12 ULP. */
static bool handle_resample2d(op_call *c)
{
    static const char *const MODES[] = {"nearest-neighbor", "linear", NULL};
    nnx_operand *x;
    uint32_t sizes[CF_MAX_LIST], axes[CF_MAX_LIST];
    float scales[CF_MAX_LIST];
    nnx_resample2d_options o = {.label = c->label};
    int mode;
    const cJSON *sv = cf_opt(c, "scales");
    if (!cf_arg_operand(c, 0, &x) || !cf_opt_enum(c, "mode", MODES, &mode) ||
        !opt_u32_list(c, "sizes", sizes, CF_MAX_LIST, &o.sizes, &o.sizes_count) ||
        !opt_u32_list(c, "axes", axes, CF_MAX_LIST, &o.axes, &o.axes_count))
        return false;
    if (sv) {
        if (!cJSON_IsArray(sv) || cJSON_GetArraySize(sv) > CF_MAX_LIST)
            return cf_fail(c->err, "resample2d: option scales is not a list of numbers");
        const cJSON *item;
        cJSON_ArrayForEach(item, sv)
        {
            if (!cJSON_IsNumber(item))
                return cf_fail(c->err, "resample2d: option scales is not a list of numbers");
            scales[o.scales_count++] = (float)item->valuedouble;
        }
        o.scales = scales;
    }
    o.mode = (nnx_interpolation_mode)mode;
    single(c, nnx_builder_resample2d(c->g->builder, x, &o));
    c->tol.ulp = o.mode == NNX_INTERPOLATION_LINEAR ? 12 : 0;
    return true;
}

/* argMin, argMax: exact (integer indices). */
static bool handle_arg_min_max(op_call *c)
{
    nnx_operand *x;
    uint32_t axis;
    nnx_arg_min_max_options o = {.label = c->label};
    const cJSON *type = cf_opt(c, "outputDataType");
    if (!cf_arg_operand(c, 0, &x) || !cf_arg_u32(c, 1, &axis) || !cf_opt_bool(c, "keepDimensions", &o.keep_dimensions))
        return false;
    if (type) {
        o.output_data_type = cJSON_IsString(type) ? cf_dtype_from_name(type->valuestring) : NNX_DTYPE_UNDEFINED;
        if (o.output_data_type == NNX_DTYPE_UNDEFINED)
            return cf_fail(c->err, "%s: unknown outputDataType", c->entry->name);
    }
    bool is_min = strcmp(c->entry->name, "argMin") == 0;
    return single(c, (is_min ? nnx_builder_arg_min : nnx_builder_arg_max)(c->g->builder, x, axis, &o));
}

/* softmax: 3*shape[axis] + 3 ULP — per element of the axis an exp, a subtraction of the max
 * and a sum term, plus the final division and the normalisation. */
static bool handle_softmax(op_call *c)
{
    nnx_operand *x;
    uint32_t axis;
    nnx_operator_options o = {c->label};
    if (!cf_arg_operand(c, 0, &x))
        return false;
    nnx_operand_desc d = cf_desc_of(x);
    const char *key = NULL;
    if (!cf_arg(c->args, 1, &key) || strcmp(key, "options") == 0)
        axis = d.rank ? d.rank - 1 : 0; /* the original 2-D softmax had no axis: the last one */
    else if (!cf_arg_u32(c, 1, &axis))
        return false;
    single(c, nnx_builder_softmax(c->g->builder, x, axis, &o));
    c->tol.ulp = axis < d.rank ? 3ull * d.shape[axis] + 3 : 3;
    return true;
}

/* Data movement (reshape, transpose, concat, slice, split): 0 ULP. */
static bool handle_reshape(op_call *c)
{
    nnx_operand *x;
    uint32_t shape[CF_MAX_LIST], rank;
    nnx_operator_options o = {c->label};
    if (!cf_arg_operand(c, 0, &x) || !arg_u32_list(c, 1, shape, CF_MAX_LIST, &rank))
        return false;
    return single(c, nnx_builder_reshape(c->g->builder, x, shape, rank, &o));
}

static bool handle_transpose(op_call *c)
{
    nnx_operand *x;
    uint32_t perm[CF_MAX_LIST];
    nnx_transpose_options o = {.label = c->label};
    if (!cf_arg_operand(c, 0, &x) ||
        !opt_u32_list(c, "permutation", perm, CF_MAX_LIST, &o.permutation, &o.permutation_count))
        return false;
    return single(c, nnx_builder_transpose(c->g->builder, x, &o));
}

static bool handle_concat(op_call *c)
{
    nnx_operand *inputs[CF_MAX_LIST];
    uint32_t count = 0, axis;
    nnx_operator_options o = {c->label};
    const cJSON *list = arg_value(c, 0);
    if (!list || !cJSON_IsArray(list))
        return list ? cf_fail(c->err, "concat: inputs is not an array") : false;
    for (const cJSON *item = list->child; item; item = item->next) {
        if (count == CF_MAX_LIST)
            return cf_fail(c->err, "concat: more than %d inputs", CF_MAX_LIST);
        if (!name_to_operand(c, item, &inputs[count++]))
            return false;
    }
    if (!cf_arg_u32(c, 1, &axis))
        return false;
    return single(c, nnx_builder_concat(c->g->builder, inputs, count, axis, &o));
}

static bool handle_slice(op_call *c)
{
    nnx_operand *x;
    uint32_t starts[CF_MAX_LIST], sizes[CF_MAX_LIST], strides[CF_MAX_LIST], ns, nz;
    nnx_slice_options o = {.label = c->label};
    if (!cf_arg_operand(c, 0, &x) || !arg_u32_list(c, 1, starts, CF_MAX_LIST, &ns) ||
        !arg_u32_list(c, 2, sizes, CF_MAX_LIST, &nz) ||
        !opt_u32_list(c, "strides", strides, CF_MAX_LIST, &o.strides, &o.strides_count))
        return false;
    return single(c, nnx_builder_slice(c->g->builder, x, starts, ns, sizes, nz, &o));
}

/* split: a number of equal parts, or an array of part sizes. */
static bool handle_split(op_call *c)
{
    nnx_operand *x;
    uint32_t sizes[CF_MAX_LIST], count;
    nnx_split_options o = {.label = c->label};
    const cJSON *splits = arg_value(c, 1);
    if (!cf_arg_operand(c, 0, &x) || !splits || !opt_u32(c, "axis", &o.axis))
        return false;
    if (cJSON_IsArray(splits)) {
        if (!arg_u32_list(c, 1, sizes, CF_MAX_LIST, &count))
            return false;
        c->out_count = nnx_builder_split_sizes(c->g->builder, x, sizes, count, &o, c->outs);
        return true;
    }
    if (!cf_arg_u32(c, 1, &count))
        return false;
    if (count > CF_MAX_LIST)
        return cf_fail(c->err, "split: more than %d outputs", CF_MAX_LIST);
    c->out_count = nnx_builder_split(c->g->builder, x, count, &o, c->outs);
    return true;
}

/* Reductions: n_factor*N + n_offset ULP, N = the number of elements reduced into each
 * output (the product of the reduced dimensions; all axes when `axes` is absent). */
static bool handle_reduce(op_call *c)
{
    nnx_operand *x;
    uint32_t axes[CF_MAX_LIST];
    nnx_reduce_options o = {.label = c->label};
    if (!cf_arg_operand(c, 0, &x) || !opt_u32_list(c, "axes", axes, CF_MAX_LIST, &o.axes, &o.axes_count) ||
        !cf_opt_bool(c, "keepDimensions", &o.keep_dimensions))
        return false;
    single(c, c->entry->reduce(c->g->builder, x, &o));
    nnx_operand_desc d = cf_desc_of(x);
    uint64_t n = 1;
    for (uint32_t i = 0; i < (o.axes ? o.axes_count : d.rank); i++) {
        uint32_t axis = o.axes ? o.axes[i] : i;
        n *= axis < d.rank ? d.shape[axis] : 1;
    }
    c->tol.ulp = c->entry->n_factor * n + c->entry->n_offset;
    return true;
}

/* Activations with alpha/beta options (MLNumbers; absent = the WebNN default). The budget is
 * the entry's fixed element-wise tolerance. */
static bool handle_elu(op_call *c)
{
    nnx_operand *x;
    nnx_elu_options o = {.label = c->label};
    if (!cf_arg_operand(c, 0, &x) || !opt_number(c, "alpha", &o.alpha))
        return false;
    single(c, nnx_builder_elu(c->g->builder, x, &o));
    fixed_tolerance(c);
    return true;
}

static bool handle_hard_sigmoid(op_call *c)
{
    nnx_operand *x;
    nnx_hard_sigmoid_options o = {.label = c->label};
    if (!cf_arg_operand(c, 0, &x) || !opt_number(c, "alpha", &o.alpha) || !opt_number(c, "beta", &o.beta))
        return false;
    single(c, nnx_builder_hard_sigmoid(c->g->builder, x, &o));
    fixed_tolerance(c);
    return true;
}

static bool handle_leaky_relu(op_call *c)
{
    nnx_operand *x;
    nnx_leaky_relu_options o = {.label = c->label};
    if (!cf_arg_operand(c, 0, &x) || !opt_number(c, "alpha", &o.alpha))
        return false;
    single(c, nnx_builder_leaky_relu(c->g->builder, x, &o));
    fixed_tolerance(c);
    return true;
}

static bool handle_linear(op_call *c)
{
    nnx_operand *x;
    nnx_linear_options o = {.label = c->label};
    if (!cf_arg_operand(c, 0, &x) || !opt_number(c, "alpha", &o.alpha) || !opt_number(c, "beta", &o.beta))
        return false;
    single(c, nnx_builder_linear(c->g->builder, x, &o));
    fixed_tolerance(c);
    return true;
}

/* expand, gather*, scatter*, reverse, triangular: 0 ULP (they move elements). */
static bool handle_expand(op_call *c)
{
    nnx_operand *x;
    uint32_t shape[CF_MAX_LIST], rank;
    nnx_operator_options o = {c->label};
    if (!cf_arg_operand(c, 0, &x) || !arg_u32_list(c, 1, shape, CF_MAX_LIST, &rank))
        return false;
    return single(c, nnx_builder_expand(c->g->builder, x, shape, rank, &o));
}

static bool handle_gather(op_call *c)
{
    nnx_operand *x, *indices;
    nnx_gather_options o = {.label = c->label};
    if (!cf_arg_operand(c, 0, &x) || !cf_arg_operand(c, 1, &indices) || !opt_u32(c, "axis", &o.axis))
        return false;
    if (strcmp(c->entry->name, "gatherND") == 0)
        return single(c, nnx_builder_gather_nd(c->g->builder, x, indices, &(nnx_operator_options){c->label}));
    if (strcmp(c->entry->name, "gatherElements") == 0)
        return single(c, nnx_builder_gather_elements(c->g->builder, x, indices, &o));
    return single(c, nnx_builder_gather(c->g->builder, x, indices, &o));
}

static bool handle_scatter(op_call *c)
{
    nnx_operand *x, *indices, *updates;
    nnx_scatter_options o = {.label = c->label};
    if (!cf_arg_operand(c, 0, &x) || !cf_arg_operand(c, 1, &indices) || !cf_arg_operand(c, 2, &updates) ||
        !opt_u32(c, "axis", &o.axis))
        return false;
    if (strcmp(c->entry->name, "scatterND") == 0)
        return single(c, nnx_builder_scatter_nd(c->g->builder, x, indices, updates, &(nnx_operator_options){c->label}));
    return single(c, nnx_builder_scatter_elements(c->g->builder, x, indices, updates, &o));
}

static bool handle_reverse(op_call *c)
{
    nnx_operand *x;
    uint32_t axes[CF_MAX_LIST];
    nnx_reverse_options o = {.label = c->label};
    if (!cf_arg_operand(c, 0, &x) || !opt_u32_list(c, "axes", axes, CF_MAX_LIST, &o.axes, &o.axes_count))
        return false;
    return single(c, nnx_builder_reverse(c->g->builder, x, &o));
}

/* triangular: upper (default true) and diagonal, a signed 32-bit integer (WebNN long). */
static bool handle_triangular(op_call *c)
{
    nnx_operand *x;
    bool upper = true;
    nnx_number diagonal = {0};
    nnx_triangular_options o = {.label = c->label};
    if (!cf_arg_operand(c, 0, &x) || !cf_opt_bool(c, "upper", &upper) || !opt_number(c, "diagonal", &diagonal))
        return false;
    double d = diagonal.kind == NNX_NUMBER_FLOAT64 ? diagonal.value.f64
        : diagonal.kind == NNX_NUMBER_INT64        ? (double)diagonal.value.i64
        : diagonal.kind == NNX_NUMBER_UINT64       ? (double)diagonal.value.u64
                                                   : 0.0;
    if (!(d >= INT32_MIN && d <= INT32_MAX) || d != (double)(int32_t)d)
        return cf_fail(c->err, "triangular: option diagonal is not a 32-bit integer");
    o.lower = !upper;
    o.diagonal = (int32_t)d;
    return single(c, nnx_builder_triangular(c->g->builder, x, &o));
}

/* cumulativeSum: shape[axis] ULP — each output is a running sum of up to shape[axis] terms,
 * one rounding per term (as reduceSum's N). */
static bool handle_cumulative_sum(op_call *c)
{
    nnx_operand *x;
    uint32_t axis;
    nnx_cumulative_sum_options o = {.label = c->label};
    if (!cf_arg_operand(c, 0, &x) || !cf_arg_u32(c, 1, &axis) || !cf_opt_bool(c, "exclusive", &o.exclusive) ||
        !cf_opt_bool(c, "reversed", &o.reversed))
        return false;
    single(c, nnx_builder_cumulative_sum(c->g->builder, x, axis, &o));
    nnx_operand_desc d = cf_desc_of(x);
    c->tol.ulp = axis < d.rank ? d.shape[axis] : 0;
    return true;
}

/* batchNormalization: 6 ULP (the wpt table). */
static bool handle_batch_normalization(op_call *c)
{
    nnx_operand *x, *mean, *variance;
    nnx_batch_normalization_options o = {.label = c->label};
    if (!cf_arg_operand(c, 0, &x) || !cf_arg_operand(c, 1, &mean) || !cf_arg_operand(c, 2, &variance) ||
        !cf_opt_operand(c, "scale", &o.scale) || !cf_opt_operand(c, "bias", &o.bias) ||
        !opt_number(c, "axis", &o.axis) || !opt_number(c, "epsilon", &o.epsilon))
        return false;
    single(c, nnx_builder_batch_normalization(c->g->builder, x, mean, variance, &o));
    c->tol.ulp = 6;
    return true;
}

/* instanceNormalization and layerNormalization are not in the wpt table; derived like it from
 * the arithmetic, N = the number of elements normalized together: the mean N + 1 (N sums, a
 * division), the variance 3N + 1 (N subtractions, squares and sums, a division), then 6 for
 * x - mean, + epsilon, sqrt, the division, the scale and the bias: 4N + 8 ULP. */
static void normalization_tolerance(op_call *c, uint64_t n) { c->tol.ulp = 4 * n + 8; }

static bool handle_instance_normalization(op_call *c)
{
    nnx_operand *x;
    int layout;
    nnx_instance_normalization_options o = {.label = c->label};
    if (!cf_arg_operand(c, 0, &x) || !cf_opt_operand(c, "scale", &o.scale) || !cf_opt_operand(c, "bias", &o.bias) ||
        !opt_number(c, "epsilon", &o.epsilon) || !cf_opt_enum(c, "layout", INPUT_LAYOUTS, &layout))
        return false;
    o.layout = (nnx_input_layout)layout;
    single(c, nnx_builder_instance_normalization(c->g->builder, x, &o));
    nnx_operand_desc d = cf_desc_of(x);
    int h, w;
    spatial_axes(o.layout, &h, &w);
    normalization_tolerance(c, d.rank == 4 ? (uint64_t)d.shape[h] * d.shape[w] : 0);
    return true;
}

static bool handle_layer_normalization(op_call *c)
{
    nnx_operand *x;
    uint32_t axes[CF_MAX_LIST];
    nnx_layer_normalization_options o = {.label = c->label};
    if (!cf_arg_operand(c, 0, &x) || !cf_opt_operand(c, "scale", &o.scale) || !cf_opt_operand(c, "bias", &o.bias) ||
        !opt_u32_list(c, "axes", axes, CF_MAX_LIST, &o.axes, &o.axes_count) || !opt_number(c, "epsilon", &o.epsilon))
        return false;
    single(c, nnx_builder_layer_normalization(c->g->builder, x, &o));
    nnx_operand_desc d = cf_desc_of(x);
    uint64_t n = 1;
    for (uint32_t i = o.axes ? 0 : 1; i < (o.axes ? o.axes_count : d.rank); i++) {
        uint32_t axis = o.axes ? o.axes[i] : i;
        n *= axis < d.rank ? d.shape[axis] : 1;
    }
    normalization_tolerance(c, n);
    return true;
}

/* pad, where, tile: 0 ULP (they move or select elements; the wpt table lists them as data
 * movement). pad's mode is WebNN MLPaddingMode, its value an MLNumber (default 0). */
static bool handle_pad(op_call *c)
{
    static const char *const MODES[] = {"constant", "edge", "reflection", NULL};
    nnx_operand *x;
    uint32_t begin[CF_MAX_LIST], end[CF_MAX_LIST], nb, ne;
    nnx_pad_options o = {.label = c->label};
    int mode;
    if (!cf_arg_operand(c, 0, &x) || !arg_u32_list(c, 1, begin, CF_MAX_LIST, &nb) ||
        !arg_u32_list(c, 2, end, CF_MAX_LIST, &ne) || !cf_opt_enum(c, "mode", MODES, &mode) ||
        !opt_number(c, "value", &o.value))
        return false;
    o.mode = mode ? (nnx_padding_mode)(mode - 1) : NNX_PADDING_CONSTANT;
    return single(c, nnx_builder_pad(c->g->builder, x, begin, nb, end, ne, &o));
}

static bool handle_where(op_call *c)
{
    nnx_operand *condition, *true_value, *false_value;
    nnx_operator_options o = {c->label};
    if (!cf_arg_operand(c, 0, &condition) || !cf_arg_operand(c, 1, &true_value) || !cf_arg_operand(c, 2, &false_value))
        return false;
    return single(c, nnx_builder_where(c->g->builder, condition, true_value, false_value, &o));
}

static bool handle_tile(op_call *c)
{
    nnx_operand *x;
    uint32_t reps[CF_MAX_LIST], count;
    nnx_operator_options o = {c->label};
    if (!cf_arg_operand(c, 0, &x) || !arg_u32_list(c, 1, reps, CF_MAX_LIST, &count))
        return false;
    return single(c, nnx_builder_tile(c->g->builder, x, reps, count, &o));
}

/* quantizeLinear (WebNN #api-mlgraphbuilder-quantizelinear): an integer output, compared exactly. Its one
 * lossy step, roundEven(input / scale), can only differ between a float32 division and an
 * exact one when the quotient lies within one float ULP of a .5 boundary; the cases keep
 * the quotient exact (power-of-two scales) or away from such boundaries.
 * dequantizeLinear: (input - zeroPoint) * scale. For 8-bit (and 4-bit) integers the
 * conversions and the difference are exact in float16 and float32 (|difference| < 2^9 <
 * 2^11), so only the product rounds: 1 ULP. For 32-bit integers the difference may round
 * once more (when |difference| > 2^24, or 2^11 for float16): 2 ULP; the conversions
 * themselves are exact only for values of at most 2^24 (2^11) in magnitude, which the
 * cases keep to. */
static bool handle_quantize(op_call *c)
{
    nnx_operand *x, *scale, *zero_point;
    nnx_operator_options o = {c->label};
    if (!cf_arg_operand(c, 0, &x) || !cf_arg_operand(c, 1, &scale) || !cf_arg_operand(c, 2, &zero_point))
        return false;
    if (strcmp(c->entry->name, "quantizeLinear") == 0)
        return single(c, nnx_builder_quantize_linear(c->g->builder, x, scale, zero_point, &o));
    single(c, nnx_builder_dequantize_linear(c->g->builder, x, scale, zero_point, &o));
    nnx_dtype in = cf_desc_of(x).dtype;
    c->tol.ulp = (in == NNX_INT32 || in == NNX_UINT32) ? 2 : 1;
    return true;
}

/* ------------------------------------------------------------------ the table */

#define BINARY(n, fn, u32, u16) \
    { \
        .name = n, .handler = handle_binary, .binary = fn, .ulp_f32 = u32, .ulp_f16 = u16 \
    }
#define UNARY(n, fn, u32, u16) \
    { \
        .name = n, .handler = handle_unary, .unary = fn, .ulp_f32 = u32, .ulp_f16 = u16 \
    }
#define REDUCE(n, fn, k, off) \
    { \
        .name = n, .handler = handle_reduce, .option_keys = "axes keepDimensions", .reduce = fn, .n_factor = k, \
        .n_offset = off \
    }

static const op_entry OPS[] = {
    /* One rounding each: add, mul 1 ULP; sub 1 (integer outputs are always exact);
     * div 2; pow 32 (float16: 2); max/min select an input: 0. */
    BINARY("add", nnx_builder_add, 1, 1),
    BINARY("sub", nnx_builder_sub, 1, 1),
    BINARY("mul", nnx_builder_mul, 1, 1),
    BINARY("div", nnx_builder_div, 2, 2),
    BINARY("max", nnx_builder_max, 0, 0),
    BINARY("min", nnx_builder_min, 0, 0),
    BINARY("pow", nnx_builder_pow, 32, 2),
    /* Exact: abs, neg, ceil, floor, relu. exp 32 (float16: 1); sqrt 1 (correctly rounded
     * in IEEE, one ULP allowed); sigmoid 34 (float16: 10); tanh 16. */
    UNARY("abs", nnx_builder_abs, 0, 0),
    UNARY("neg", nnx_builder_neg, 0, 0),
    UNARY("ceil", nnx_builder_ceil, 0, 0),
    UNARY("floor", nnx_builder_floor, 0, 0),
    UNARY("exp", nnx_builder_exp, 32, 1),
    UNARY("sqrt", nnx_builder_sqrt, 1, 1),
    UNARY("relu", nnx_builder_relu, 0, 0),
    UNARY("sigmoid", nnx_builder_sigmoid, 34, 10),
    UNARY("tanh", nnx_builder_tanh, 16, 16),
    /* log: absolute 1/1024 (float16: 1/512) — ULPs are meaningless near log's zero at 1. */
    {.name = "log", .handler = handle_unary, .unary = nnx_builder_log, .abs_f32 = 1.0 / 1024, .abs_f16 = 1.0 / 512},
    {.name = "clamp", .handler = handle_clamp, .option_keys = "minValue maxValue"},
    {.name = "cast", .handler = handle_cast},
    {.name = "matmul", .handler = handle_matmul},
    {.name = "gemm", .handler = handle_gemm, .option_keys = "c alpha beta aTranspose bTranspose"},
    {.name = "conv2d",
     .handler = handle_conv2d,
     .option_keys = "padding strides dilations groups inputLayout filterLayout bias"},
    {.name = "convTranspose2d",
     .handler = handle_conv_transpose2d,
     .option_keys = "padding strides dilations outputPadding outputSizes groups inputLayout filterLayout bias"},
    {.name = "averagePool2d",
     .handler = handle_average_pool2d,
     .option_keys = "windowDimensions padding strides dilations layout roundingType outputShapeRounding outputSizes"},
    {.name = "maxPool2d",
     .handler = handle_max_pool2d,
     .option_keys = "windowDimensions padding strides dilations layout roundingType outputShapeRounding outputSizes"},
    {.name = "l2Pool2d",
     .handler = handle_l2_pool2d,
     .option_keys = "windowDimensions padding strides dilations layout roundingType outputShapeRounding outputSizes"},
    {.name = "resample2d", .handler = handle_resample2d, .option_keys = "mode scales sizes axes"},
    {.name = "argMin", .handler = handle_arg_min_max, .option_keys = "keepDimensions outputDataType"},
    {.name = "argMax", .handler = handle_arg_min_max, .option_keys = "keepDimensions outputDataType"},
    {.name = "softmax", .handler = handle_softmax},
    {.name = "reshape", .handler = handle_reshape},
    {.name = "transpose", .handler = handle_transpose, .option_keys = "permutation"},
    {.name = "concat", .handler = handle_concat},
    {.name = "slice", .handler = handle_slice, .option_keys = "strides"},
    {.name = "split", .handler = handle_split, .option_keys = "axis"},
    /* reduceSum N (one rounding per added element); reduceMean N + 2 (the sum, the count
     * and the division); reduceMax/reduceMin 0 (they select an element). */
    REDUCE("reduceSum", nnx_builder_reduce_sum, 1, 0),
    REDUCE("reduceMean", nnx_builder_reduce_mean, 1, 2),
    REDUCE("reduceMax", nnx_builder_reduce_max, 0, 0),
    REDUCE("reduceMin", nnx_builder_reduce_min, 0, 0),
    /* expand, gather*, scatter*, reverse, triangular: 0 ULP; cumulativeSum shape[axis];
     * batchNormalization 6; instance/layerNormalization 4N + 8 (derived at the handlers). */
    {.name = "expand", .handler = handle_expand},
    {.name = "gather", .handler = handle_gather, .option_keys = "axis"},
    {.name = "gatherElements", .handler = handle_gather, .option_keys = "axis"},
    {.name = "gatherND", .handler = handle_gather},
    {.name = "scatterElements", .handler = handle_scatter, .option_keys = "axis"},
    {.name = "scatterND", .handler = handle_scatter},
    {.name = "reverse", .handler = handle_reverse, .option_keys = "axes"},
    {.name = "triangular", .handler = handle_triangular, .option_keys = "upper diagonal"},
    {.name = "cumulativeSum", .handler = handle_cumulative_sum, .option_keys = "exclusive reversed"},
    {.name = "batchNormalization", .handler = handle_batch_normalization, .option_keys = "scale bias axis epsilon"},
    {.name = "instanceNormalization",
     .handler = handle_instance_normalization,
     .option_keys = "scale bias epsilon layout"},
    {.name = "layerNormalization", .handler = handle_layer_normalization, .option_keys = "scale bias axes epsilon"},
    /* Comparisons and logical ops: exact (uint8 0/1). */
    BINARY("equal", nnx_builder_equal, 0, 0),
    BINARY("notEqual", nnx_builder_not_equal, 0, 0),
    BINARY("greater", nnx_builder_greater, 0, 0),
    BINARY("greaterOrEqual", nnx_builder_greater_or_equal, 0, 0),
    BINARY("lesser", nnx_builder_lesser, 0, 0),
    BINARY("lesserOrEqual", nnx_builder_lesser_or_equal, 0, 0),
    BINARY("logicalAnd", nnx_builder_logical_and, 0, 0),
    BINARY("logicalOr", nnx_builder_logical_or, 0, 0),
    BINARY("logicalXor", nnx_builder_logical_xor, 0, 0),
    UNARY("logicalNot", nnx_builder_logical_not, 0, 0),
    UNARY("isNaN", nnx_builder_is_nan, 0, 0),
    UNARY("isInfinite", nnx_builder_is_infinite, 0, 0),
    /* roundEven, sign, identity: exact; reciprocal 2 ULP; sin, cos, tan, erf: absolute
     * 1/1024 (float16: 1/512). */
    UNARY("roundEven", nnx_builder_round_even, 0, 0),
    UNARY("sign", nnx_builder_sign, 0, 0),
    UNARY("identity", nnx_builder_identity, 0, 0),
    UNARY("reciprocal", nnx_builder_reciprocal, 2, 2),
    {.name = "sin", .handler = handle_unary, .unary = nnx_builder_sin, .abs_f32 = 1.0 / 1024, .abs_f16 = 1.0 / 512},
    {.name = "cos", .handler = handle_unary, .unary = nnx_builder_cos, .abs_f32 = 1.0 / 1024, .abs_f16 = 1.0 / 512},
    {.name = "tan", .handler = handle_unary, .unary = nnx_builder_tan, .abs_f32 = 1.0 / 1024, .abs_f16 = 1.0 / 512},
    {.name = "erf", .handler = handle_unary, .unary = nnx_builder_erf, .abs_f32 = 1.0 / 1024, .abs_f16 = 1.0 / 512},
    /* Activations: elu, gelu, softplus 18 ULP; hardSigmoid 2; hardSwish 4; leakyRelu 1
     * (float16: 2); linear 2; softsign 3; prelu 1. */
    {.name = "elu", .handler = handle_elu, .option_keys = "alpha", .ulp_f32 = 18, .ulp_f16 = 18},
    UNARY("gelu", nnx_builder_gelu, 18, 18),
    {.name = "hardSigmoid", .handler = handle_hard_sigmoid, .option_keys = "alpha beta", .ulp_f32 = 2, .ulp_f16 = 2},
    UNARY("hardSwish", nnx_builder_hard_swish, 4, 4),
    {.name = "leakyRelu", .handler = handle_leaky_relu, .option_keys = "alpha", .ulp_f32 = 1, .ulp_f16 = 2},
    {.name = "linear", .handler = handle_linear, .option_keys = "alpha beta", .ulp_f32 = 2, .ulp_f16 = 2},
    BINARY("prelu", nnx_builder_prelu, 1, 1),
    UNARY("softplus", nnx_builder_softplus, 18, 18),
    UNARY("softsign", nnx_builder_softsign, 3, 3),
    /* reduceL1, reduceProduct N; reduceL2 2N + 1; reduceLogSum N + 18; reduceLogSumExp
     * 2N + 18; reduceSumSquare 2N (N = the number of reduced elements). */
    REDUCE("reduceL1", nnx_builder_reduce_l1, 1, 0),
    REDUCE("reduceL2", nnx_builder_reduce_l2, 2, 1),
    REDUCE("reduceLogSum", nnx_builder_reduce_log_sum, 1, 18),
    REDUCE("reduceLogSumExp", nnx_builder_reduce_log_sum_exp, 2, 18),
    REDUCE("reduceProduct", nnx_builder_reduce_product, 1, 0),
    REDUCE("reduceSumSquare", nnx_builder_reduce_sum_square, 2, 0),
    /* pad, where, tile: 0 ULP; quantizeLinear exact, dequantizeLinear 1 or 2 ULP (at
     * handle_quantize); the recurrent budgets are derived in op_recurrent.c. */
    {.name = "pad", .handler = handle_pad, .option_keys = "mode value"},
    {.name = "where", .handler = handle_where},
    {.name = "tile", .handler = handle_tile},
    {.name = "quantizeLinear", .handler = handle_quantize},
    {.name = "dequantizeLinear", .handler = handle_quantize},
    {.name = "gru",
     .handler = cf_handle_gru,
     .option_keys = "bias recurrentBias initialHiddenState resetAfter returnSequence direction layout activations"},
    {.name = "gruCell",
     .handler = cf_handle_gru_cell,
     .option_keys = "bias recurrentBias resetAfter layout activations"},
    {.name = "lstm",
     .handler = cf_handle_lstm,
     .option_keys = "bias recurrentBias peepholeWeight initialHiddenState initialCellState returnSequence direction "
                    "layout activations"},
    {.name = "lstmCell",
     .handler = cf_handle_lstm_cell,
     .option_keys = "bias recurrentBias peepholeWeight layout activations"},
};

static const op_entry *find_op(const char *name)
{
    for (size_t i = 0; name && i < sizeof OPS / sizeof OPS[0]; i++)
        if (strcmp(OPS[i].name, name) == 0)
            return &OPS[i];
    return NULL;
}

bool cf_op_known(const char *name) { return find_op(name) != NULL; }

/* ------------------------------------------------------------------ graph bookkeeping */

nnx_operand *cf_graph_lookup(const cf_graph *g, const char *name)
{
    for (size_t i = 0; i < g->count; i++)
        if (strcmp(g->bindings[i].name, name) == 0)
            return g->bindings[i].operand;
    return NULL;
}

bool cf_graph_bind(cf_graph *g, const char *name, nnx_operand *operand, cf_msg *err)
{
    if (cf_graph_lookup(g, name))
        return cf_fail(err, "operand name '%s' is defined twice", name);
    if (g->count == g->cap) {
        size_t cap = g->cap ? 2 * g->cap : 16;
        cf_binding *grown = realloc(g->bindings, cap * sizeof *grown);
        if (!grown)
            return cf_fail(err, "out of memory");
        g->bindings = grown;
        g->cap = cap;
    }
    g->bindings[g->count].name = name;
    g->bindings[g->count].operand = operand;
    g->count++;
    return true;
}

void cf_graph_free(cf_graph *g)
{
    free(g->bindings);
    g->bindings = NULL;
    g->count = g->cap = 0;
}

/* Every option key must be one the entry maps: an ignored option would silently change what
 * is being tested. */
static bool check_option_keys(op_call *c)
{
    if (c->options && !cJSON_IsObject(c->options))
        return cf_fail(c->err, "%s: options is not an object", c->entry->name);
    for (const cJSON *o = c->options ? c->options->child : NULL; o; o = o->next) {
        const char *keys = c->entry->option_keys ? c->entry->option_keys : "";
        size_t n = strlen(o->string);
        const char *hit = strstr(keys, o->string);
        while (hit && !((hit == keys || hit[-1] == ' ') && (hit[n] == ' ' || hit[n] == '\0')))
            hit = strstr(hit + 1, o->string);
        if (!hit && strcmp(o->string, "label") != 0)
            return cf_fail(c->err, "%s: option '%s' is not supported by the runner", c->entry->name, o->string);
    }
    const cJSON *label = cf_opt(c, "label");
    if (label && !cJSON_IsString(label))
        return cf_fail(c->err, "%s: label is not a string", c->entry->name);
    c->label = label ? label->valuestring : NULL;
    return true;
}

/* The "options" argument, wherever it sits in the positional list. */
static const cJSON *find_options(const cJSON *args)
{
    const char *key;
    for (int i = 0; cf_arg(args, i, &key); i++)
        if (strcmp(key, "options") == 0)
            return cf_arg(args, i, NULL);
    return NULL;
}

/* Binds the operator's result operands to its "outputs" (a name or an array of names). */
static bool bind_outputs(op_call *c, const cJSON *outputs)
{
    if (cJSON_IsString(outputs))
        return c->out_count == 1
            ? cf_graph_bind(c->g, outputs->valuestring, c->outs[0], c->err)
            : cf_fail(c->err, "%s: %u results for one output name", c->entry->name, (unsigned)c->out_count);
    if (!cJSON_IsArray(outputs))
        return cf_fail(c->err, "%s: outputs is neither a name nor an array", c->entry->name);
    if ((uint32_t)cJSON_GetArraySize(outputs) != c->out_count)
        return cf_fail(c->err, "%s: %d output names for %u results", c->entry->name, cJSON_GetArraySize(outputs),
                       (unsigned)c->out_count);
    uint32_t i = 0;
    for (const cJSON *name = outputs->child; name; name = name->next, i++) {
        if (!cJSON_IsString(name))
            return cf_fail(c->err, "%s: an output name is not a string", c->entry->name);
        if (!cf_graph_bind(c->g, name->valuestring, c->outs[i], c->err))
            return false;
    }
    return true;
}

bool cf_add_operator(cf_graph *g, const cJSON *op, cf_msg *err)
{
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(op, "name");
    op_call c = {.g = g, .err = err};
    c.entry = cJSON_IsString(name) ? find_op(name->valuestring) : NULL;
    if (!c.entry)
        return cf_fail(err, "operator without a known name");
    c.args = cJSON_GetObjectItemCaseSensitive(op, "arguments");
    if (!cJSON_IsArray(c.args))
        return cf_fail(err, "%s: arguments is not an array", c.entry->name);
    c.options = find_options(c.args);
    if (!check_option_keys(&c) || !c.entry->handler(&c))
        return false;
    /* Stop at the first builder error: later operators would only see poisoned operands. */
    if (nnx_builder_status(g->builder) != NNX_OK)
        return cf_fail(err, "builder %s: %s", nnx_status_string(nnx_builder_status(g->builder)),
                       nnx_builder_error(g->builder));
    if (!bind_outputs(&c, cJSON_GetObjectItemCaseSensitive(op, "outputs")))
        return false;
    g->tol.ulp += c.tol.ulp;
    g->tol.abs += c.tol.abs;
    return true;
}
