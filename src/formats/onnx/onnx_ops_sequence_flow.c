/* onnx_ops_sequence_flow.c — sub-graphs over sequences, mapped at load time by inlining
 * (ox_scope_open(parent, inlined = true)): SequenceMap (ONNX Operators, SequenceMap) maps its
 * body once per element; a Loop (ONNX Operators, Loop) that carries sequences or optionals,
 * or names an outer one, is unrolled, its trip count and conditions known at load. Both are
 * bounded by OX_MAX_SEQUENCE elements or iterations, and all the passes of a load (nested
 * ones multiply) by OX_MAX_INLINED_PASSES. */
#include "formats/onnx/onnx_build.h"

#include "base/alloc.h"

#include <stdio.h>

/* Maps body g into an inlined scope of c with its inputs bound to args[g->n_input]; its
 * outputs into res[g->n_output]. `what` names the pass in messages. */
static nnx_status inline_body(ox *c, const Onnx__GraphProto *g, const uint32_t *args, uint32_t *res, const char *what,
                              uint32_t index)
{
    if (c->seqs->passes >= OX_MAX_INLINED_PASSES)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "more than %u sub-graph passes inlined for sequences",
                       OX_MAX_INLINED_PASSES);
    c->seqs->passes++;
    char label[64];
    snprintf(label, sizeof label, "%s %u", what, index);
    return ox_scope_inline(c, g, args, res, label);
}

/* ONNX Operators, SequenceMap: input 0 a sequence, the others sequences of the same length
 * or tensors; the body is applied to the i-th elements (a tensor input as itself), each of
 * its outputs collected into one output sequence. */
nnx_status nnx_onnx_op_sequence_map(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    const Onnx__AttributeProto *ba = ox_attr(n, "body");
    if (!ba || !ba->g)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the body graph is required");
    const Onnx__GraphProto *g = ba->g;
    uint32_t n_out = (uint32_t)n->n_output;
    if (g->n_input != n_in || g->n_output != n_out)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the body has %zu inputs and %zu outputs for %u and %u",
                       g->n_input, g->n_output, n_in, n_out);
    ox_seq_kind kind;
    const uint32_t *el;
    uint32_t len;
    if (!ox_seq_get(c, in[0], &kind, &el, &len) || kind != OX_SEQUENCE)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input 0 is not a sequence");
    for (uint32_t k = 1; k < n_in; k++) {
        uint32_t m;
        if (in[k] == NNX_NONE)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input %u is absent", k);
        if (ox_seq_get(c, in[k], &kind, &el, &m) && (kind != OX_SEQUENCE || m != len))
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input %u is not a sequence of %u elements", k, len);
    }
    /* args: one pass's inputs; res: its outputs; acc: output k's i-th element at k * len + i */
    uint32_t *args = ox_calloc(c, (size_t)n_in + n_out + 1, sizeof *args);
    uint32_t *acc = args ? ox_calloc(c, (size_t)n_out * len + 1, sizeof *acc) : NULL;
    if (!acc) {
        nnx_mem_free(c->ir->alloc, args);
        return c->nerr.status;
    }
    uint32_t *res = args + n_in;
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; st == NNX_OK && i < len; i++) {
        for (uint32_t k = 0; k < n_in; k++) {
            uint32_t m;
            args[k] = ox_seq_get(c, in[k], &kind, &el, &m) ? el[i] : in[k];
        }
        st = inline_body(c, g, args, res, "element", i);
        for (uint32_t k = 0; st == NNX_OK && k < n_out; k++) {
            if (ox_is_seq(res[k]))
                st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "body output %u is not a tensor", k);
            acc[(size_t)k * len + i] = res[k];
        }
    }
    for (uint32_t k = 0; st == NNX_OK && k < n_out; k++)
        st = ox_seq_new(c, OX_SEQUENCE, acc + (size_t)k * len, len, &out[k]);
    nnx_mem_free(c->ir->alloc, acc);
    nnx_mem_free(c->ir->alloc, args);
    return st;
}

/* ---------------------------------------------------------------- Loop unrolled */

static bool structure_type(const Onnx__TypeProto *t)
{
    return t &&
        (t->value_case == ONNX__TYPE_PROTO__VALUE_SEQUENCE_TYPE ||
         t->value_case == ONNX__TYPE_PROTO__VALUE_OPTIONAL_TYPE);
}

/* Whether the body's nodes name an outer value that is a sequence or optional (a name the
 * body defines itself may be taken for one: the loop is then unrolled needlessly, which is
 * still correct). */
static bool names_outer_structure(ox *c, const Onnx__GraphProto *g)
{
    for (size_t i = 0; i < g->n_node; i++)
        for (size_t k = 0; k < g->node[i]->n_input; k++) {
            const char *name = g->node[i]->input[k];
            for (ox *s = c; name && name[0] && s; s = s->parent) {
                uintptr_t v;
                if (nnx_strmap_get(&s->values, name, &v)) {
                    if (ox_is_seq((uint32_t)v))
                        return true;
                    break;
                }
            }
        }
    return false;
}

bool nnx_onnx_loop_needs_unroll(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in)
{
    const Onnx__AttributeProto *ba = ox_attr(n, "body");
    if (!ba || !ba->g)
        return false;
    for (uint32_t k = 2; k < n_in; k++)
        if (ox_is_seq(in[k]))
            return true;
    for (size_t k = 0; k < ba->g->n_input; k++)
        if (structure_type(ba->g->input[k]->type))
            return true;
    for (size_t k = 0; k < ba->g->n_output; k++)
        if (structure_type(ba->g->output[k]->type))
            return true;
    return names_outer_structure(c, ba->g);
}

/* A rank-0 (or one-element) known value of input k as int64, or fails naming it. */
static nnx_status known_scalar(ox *c, uint32_t id, const char *what, int64_t *v)
{
    uint32_t cnt;
    CHECK(ox_ints(c, id, what, v, 1, &cnt));
    if (cnt != 1)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s has %u elements, not 1", what, cnt);
    return NNX_OK;
}

/* A bool value known at load: the condition. */
static nnx_status known_bool(ox *c, uint32_t id, const char *what, bool *v)
{
    const unsigned char *p = ox_known(c, id);
    nnx_operand_desc d = ox_known(c, id) ? ox_desc(c, id) : (nnx_operand_desc){0};
    uint64_t cnt = 0;
    if (!p || d.dtype != NNX_BOOL || !nnx_desc_elements(&d, &cnt) || cnt != 1)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                       "Loop '%s' carries sequences or optionals, so it is unrolled at load time: %s must be a "
                       "one-element bool known at load",
                       c->label, what);
    *v = *p != 0;
    return NNX_OK;
}

/* ONNX Operators, Loop, unrolled: body inputs (iteration number, condition, carried...),
 * outputs (condition, carried..., scan outputs...); each pass is the body inlined with the
 * previous pass's carried values; scan outputs are stacked along a new axis 0. */
nnx_status nnx_onnx_loop_unrolled(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    const Onnx__GraphProto *g = ox_attr(n, "body")->g;
    if (n_in < 2 || g->n_input != n_in || g->n_output < n_in - 1 || n->n_output > g->n_output - 1)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the body's inputs and outputs do not match the node's");
    uint32_t nc = n_in - 2, n_scan = (uint32_t)(g->n_output - 1 - nc);
    int64_t trips = -1;
    bool cond = true;
    if (in[0] != NNX_NONE && known_scalar(c, in[0], "the trip count M", &trips) != NNX_OK) {
        nnx_error_clear(&c->nerr); /* said again with the reason it must be known */
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                       "Loop '%s' carries sequences or optionals, so it is unrolled at load time: its trip count "
                       "must be known at load",
                       c->label);
    }
    if (in[1] != NNX_NONE)
        CHECK(known_bool(c, in[1], "cond", &cond));
    if (in[0] == NNX_NONE && in[1] == NNX_NONE)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "Loop '%s' has neither a trip count nor a condition", c->label);
    uint32_t passes_max = trips >= 0 && trips < OX_MAX_SEQUENCE ? (uint32_t)trips : OX_MAX_SEQUENCE;
    for (uint32_t k = 2; k < n_in; k++)
        if (in[k] == NNX_NONE)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "loop-carried input %u is absent", k - 2);
    /* args: a pass's inputs; res: its outputs; scan: scan output j of pass i at j * passes_max + i */
    uint32_t *args = ox_calloc(c, (size_t)n_in + g->n_output + 1, sizeof *args);
    uint32_t *scan = args ? ox_calloc(c, (size_t)n_scan * passes_max + 1, sizeof *scan) : NULL;
    if (!scan) {
        nnx_mem_free(c->ir->alloc, args);
        return c->nerr.status;
    }
    uint32_t *res = args + n_in;
    memcpy(args + 2, in + 2, (size_t)nc * sizeof *in);
    nnx_status st = NNX_OK;
    uint32_t i = 0;
    for (; st == NNX_OK && cond && (trips < 0 || i < (uint64_t)trips); i++) {
        if (i >= OX_MAX_SEQUENCE) {
            st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "Loop '%s' unrolled runs more than %d iterations", c->label,
                         OX_MAX_SEQUENCE);
            break;
        }
        if ((st = ox_scalar(c, NNX_INT64, i, &args[0])) != NNX_OK ||
            (st = ox_scalar(c, NNX_BOOL, 1, &args[1])) != NNX_OK)
            break;
        if ((st = inline_body(c, g, args, res, "iteration", i)) != NNX_OK)
            break;
        st = known_bool(c, res[0], "the body's condition output", &cond);
        memcpy(args + 2, res + 1, (size_t)nc * sizeof *res);
        for (uint32_t j = 0; st == NNX_OK && j < n_scan; j++) {
            if (ox_is_seq(res[1 + nc + j]))
                st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "scan output %u is not a tensor", j);
            else
                scan[(size_t)j * passes_max + i] = res[1 + nc + j];
        }
    }
    for (uint32_t k = 0; st == NNX_OK && k < nc && k < n->n_output; k++)
        out[k] = args[2 + k];
    for (uint32_t j = 0; st == NNX_OK && j < n_scan && nc + j < n->n_output; j++) {
        if (!i) {
            st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "Loop '%s' runs no iteration: its scan outputs have no shape",
                         c->label);
            break;
        }
        uint32_t *el = scan + (size_t)j * passes_max;
        int64_t zero = 0;
        for (uint32_t p = 0; st == NNX_OK && p < i; p++)
            st = unsqueeze(c, el[p], &zero, 1, &el[p]);
        nnx_attrs a = {.axis = {0}};
        if (st == NNX_OK && i == 1)
            out[nc + j] = el[0];
        else if (st == NNX_OK)
            st = ox_node(c, NNX_OP_CONCAT, el, i, &a, 1, &out[nc + j]);
    }
    nnx_mem_free(c->ir->alloc, scan);
    nnx_mem_free(c->ir->alloc, args);
    return st;
}
