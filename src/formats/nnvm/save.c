/* save.c — nnx_nnvm_save (nnvm.h): the live part of a core IR as NNVM graph JSON plus a TVM
 * .params file. Graph inputs become variables first (in the given order), constants become
 * variables named p0, p1, … when first read (their bytes go to .params), then every live core
 * node in IR order (already topological, as NNVM's post-order) becomes one or more operator
 * nodes (save_ops.c). The document lists arg_nodes (every variable), node_row_ptr, heads and
 * the graph attrs shape / dltype / storage_id, with attribute keys sorted, so the output is
 * deterministic. */
#include "formats/nnvm/save.h"
#include "base/checked.h"
#include "base/file.h"
#include "formats/nnvm/nnvm.h"
#include "ir/dtypes.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static nnx_status oom(nnvm_writer *W)
{
    return nnx_error_set(W->err, NNX_ERROR_OUT_OF_MEMORY, "out of memory writing NNVM JSON");
}

nnx_status nnvm_w_unsupported(nnvm_writer *W, const char *fmt, ...)
{
    char msg[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const nnx_node *n = W->cur;
    return nnx_error_set(W->err, NNX_ERROR_NOT_SUPPORTED, "NNVM cannot express core op '%s'%s%.80s%s: %s",
                         n ? nnx_op_table[n->op].name : "?", n && n->label[0] ? " (label '" : "", n ? n->label : "",
                         n && n->label[0] ? "')" : "", msg);
}

static bool name_taken(const nnvm_writer *W, const char *name)
{
    for (uint32_t i = 0; i < W->n_nodes; i++)
        if (strcmp(W->nodes[i].name, name) == 0)
            return true;
    return false;
}

/* NNVM's sanitiser (graph JSON node "name", TVM .params keys): node names and keys are any
 * text, so a name stays as it is; an empty one becomes "node". Then uniqueness: hint itself
 * when free, else hint_1, hint_2, ... (NULL: out of memory). */
static const char *unique_name(nnvm_writer *W, const char *hint)
{
    if (!hint || !hint[0])
        hint = "node";
    size_t n;
    if (!nnx_add_size(strlen(hint), 24, &n))
        return NULL;
    char *buf = nnx_arena_alloc(&W->arena, n);
    if (!buf)
        return NULL;
    snprintf(buf, n, "%s", hint);
    size_t base = strlen(buf);
    for (uint32_t k = 1; name_taken(W, buf); k++)
        snprintf(buf + base, n - base, "_%u", k);
    return buf;
}

static uint32_t new_node(nnvm_writer *W, const char *op, const char *name, uint32_t n_out)
{
    if (!nnx_mem_reserve(W->ir->alloc, (void **)&W->nodes, &W->cap_nodes, W->n_nodes + 1, sizeof *W->nodes)) {
        oom(W);
        return NNX_NONE;
    }
    nnvm_wnode *n = &W->nodes[W->n_nodes];
    memset(n, 0, sizeof *n);
    n->op = op;
    n->name = name;
    n->n_out = n_out;
    n->out = nnx_arena_array(&W->arena, n_out ? n_out : 1, sizeof *n->out);
    if (!n->name || !n->out) {
        oom(W);
        return NNX_NONE;
    }
    return W->n_nodes++;
}

uint32_t nnvm_w_node(nnvm_writer *W, const char *op, const char *hint, uint32_t n_out)
{
    return new_node(W, op, unique_name(W, hint), n_out);
}

void nnvm_w_set(nnvm_writer *W, uint32_t v, uint32_t node, uint32_t index)
{
    W->value_node[v] = node;
    W->value_index[v] = index;
}

nnx_status nnvm_w_input_entry(nnvm_writer *W, uint32_t node, uint32_t src, uint32_t index)
{
    nnvm_wnode *n = &W->nodes[node];
    if (n->n_in == n->cap_in) {
        uint32_t cap = n->cap_in ? 2 * n->cap_in : 4;
        uint32_t *a = nnx_arena_array(&W->arena, cap, sizeof *a), *b = nnx_arena_array(&W->arena, cap, sizeof *b);
        if (!a || !b)
            return oom(W);
        if (n->n_in) {
            memcpy(a, n->in_node, n->n_in * sizeof *a);
            memcpy(b, n->in_index, n->n_in * sizeof *b);
        }
        n->in_node = a, n->in_index = b, n->cap_in = cap;
    }
    n->in_node[n->n_in] = src;
    n->in_index[n->n_in++] = index;
    return NNX_OK;
}

/* A weight: a variable node named after the source's weight (hint), else p<n>, and its
 * .params entry under the same key. */
static nnx_status named_const(nnvm_writer *W, const char *hint, const nnx_operand_desc *d, const void *data,
                              size_t size, uint32_t *node)
{
    if (!nnx_tvm_dtype_name(d->dtype))
        return nnvm_w_unsupported(W, "TVM has no data type %s", nnx_dtype_name(d->dtype));
    char name[32];
    snprintf(name, sizeof name, "p%u", W->n_params);
    *node = new_node(W, "null", unique_name(W, hint && hint[0] ? hint : name), 1);
    if (*node == NNX_NONE)
        return W->err->status;
    W->nodes[*node].out[0] = *d;
    if (!nnx_mem_reserve(W->ir->alloc, (void **)&W->params, &W->cap_params, W->n_params + 1, sizeof *W->params))
        return oom(W);
    nnx_tvm_param *p = &W->params[W->n_params++];
    memset(p, 0, sizeof *p);
    p->name = W->nodes[*node].name;
    p->dtype = d->dtype;
    p->rank = d->rank;
    memcpy(p->shape, d->shape, sizeof p->shape);
    p->size = size;
    p->data = size ? nnx_arena_memdup(&W->arena, data, size) : (const uint8_t *)"";
    return p->data ? NNX_OK : oom(W);
}

nnx_status nnvm_w_const(nnvm_writer *W, const nnx_operand_desc *d, const void *data, size_t size, uint32_t *node)
{
    return named_const(W, NULL, d, data, size, node);
}

nnx_status nnvm_w_materialize(nnvm_writer *W, uint32_t v)
{
    if (v != NNX_NONE && W->value_node[v] == NNX_NONE) {
        const nnx_value *val = &W->ir->values[v];
        if (val->kind != NNX_VALUE_CONSTANT)
            return nnx_error_set(W->err, NNX_ERROR_INVALID_ARGUMENT, "value %u is read before it is written", v);
        size_t bytes;
        uint32_t c;
        nnx_desc_bytes(&val->desc, &bytes);
        nnx_status st = named_const(W, val->name, &val->desc, val->data, bytes, &c);
        if (st != NNX_OK)
            return st;
        nnvm_w_set(W, v, c, 0);
    }
    return NNX_OK;
}

nnx_status nnvm_w_input(nnvm_writer *W, uint32_t node, uint32_t v)
{
    if (W->value_node[v] == NNX_NONE)
        return nnx_error_set(W->err, NNX_ERROR_INVALID_ARGUMENT, "value %u is read before it is written", v);
    return nnvm_w_input_entry(W, node, W->value_node[v], W->value_index[v]);
}

nnx_status nnvm_w_attr(nnvm_writer *W, uint32_t node, const char *key, const char *fmt, ...)
{
    char value[2048];
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(value, sizeof value, fmt, ap);
    va_end(ap);
    if (len < 0 || (size_t)len >= sizeof value)
        return nnvm_w_unsupported(W, "attribute '%s' is longer than %zu characters", key, sizeof value - 1);
    nnvm_wnode *n = &W->nodes[node];
    if (n->n_attrs == n->cap_attrs) {
        uint32_t cap = n->cap_attrs ? 2 * n->cap_attrs : 8;
        nnvm_wkv *a = nnx_arena_array(&W->arena, cap, sizeof *a);
        if (!a)
            return oom(W);
        if (n->n_attrs)
            memcpy(a, n->attrs, n->n_attrs * sizeof *a);
        n->attrs = a, n->cap_attrs = cap;
    }
    nnvm_wkv *kv = &n->attrs[n->n_attrs];
    kv->key = nnx_arena_strdup(&W->arena, key);
    kv->value = nnx_arena_strdup(&W->arena, value);
    if (!kv->key || !kv->value)
        return oom(W);
    n->n_attrs++;
    return NNX_OK;
}

nnx_status nnvm_w_attr_list(nnvm_writer *W, uint32_t node, const char *key, const int64_t *items, uint32_t n)
{
    char buf[2048]; /* up to 65 items of at most 22 characters each */
    size_t len = 0;
    buf[len++] = '(';
    for (uint32_t k = 0; k < n; k++) {
        if (len + 32 >= sizeof buf)
            return nnvm_w_unsupported(W, "attribute '%s' has too many items", key);
        len += (size_t)snprintf(buf + len, sizeof buf - len, k ? ", %lld" : "%lld", (long long)items[k]);
    }
    snprintf(buf + len, sizeof buf - len, n == 1 ? ",)" : ")");
    return nnvm_w_attr(W, node, key, "%s", buf);
}

/* ---------------------------------------------------------------- JSON text */

static void json_string(nnx_strbuf *b, const char *s)
{
    nnx_strbuf_puts(b, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            nnx_strbuf_printf(b, "\\%c", c);
        else if (c < 0x20)
            nnx_strbuf_printf(b, "\\u%04x", c);
        else
            nnx_strbuf_append(b, (const char *)&c, 1);
    }
    nnx_strbuf_puts(b, "\"");
}

static int cmp_kv(const void *a, const void *b)
{
    return strcmp(((const nnvm_wkv *)a)->key, ((const nnvm_wkv *)b)->key);
}

static nnx_status emit(nnvm_writer *W, nnx_strbuf *b)
{
    nnx_strbuf_puts(b, "{\n  \"nodes\": [");
    for (uint32_t i = 0; i < W->n_nodes; i++) {
        nnvm_wnode *n = &W->nodes[i];
        nnx_strbuf_puts(b, i ? ",\n    {\"op\": " : "\n    {\"op\": ");
        json_string(b, n->op);
        nnx_strbuf_puts(b, ", \"name\": ");
        json_string(b, n->name);
        if (n->n_attrs) {
            qsort(n->attrs, n->n_attrs, sizeof *n->attrs, cmp_kv);
            nnx_strbuf_puts(b, ", \"attrs\": {");
            for (uint32_t k = 0; k < n->n_attrs; k++) {
                nnx_strbuf_puts(b, k ? ", " : "");
                json_string(b, n->attrs[k].key);
                nnx_strbuf_puts(b, ": ");
                json_string(b, n->attrs[k].value);
            }
            nnx_strbuf_puts(b, "}");
        }
        nnx_strbuf_puts(b, ", \"inputs\": [");
        for (uint32_t k = 0; k < n->n_in; k++)
            nnx_strbuf_printf(b, "%s[%u, %u, 0]", k ? ", " : "", n->in_node[k], n->in_index[k]);
        nnx_strbuf_puts(b, "]}");
    }
    nnx_strbuf_puts(b, "\n  ],\n  \"arg_nodes\": [");
    for (uint32_t i = 0, first = 1; i < W->n_nodes; i++)
        if (strcmp(W->nodes[i].op, "null") == 0) {
            nnx_strbuf_printf(b, "%s%u", first ? "" : ", ", i);
            first = 0;
        }
    nnx_strbuf_puts(b, "],\n  \"node_row_ptr\": [0");
    uint32_t entries = 0;
    for (uint32_t i = 0; i < W->n_nodes; i++) {
        entries += W->nodes[i].n_out;
        nnx_strbuf_printf(b, ", %u", entries);
    }
    nnx_strbuf_puts(b, "],\n  \"heads\": [");
    for (uint32_t k = 0; k < W->n_outputs; k++)
        nnx_strbuf_printf(b, "%s[%u, %u, 0]", k ? ", " : "", W->value_node[W->outputs[k]],
                          W->value_index[W->outputs[k]]);
    nnx_strbuf_puts(b, "],\n  \"attrs\": {\n    \"dltype\": [\"list_str\", [");
    for (uint32_t i = 0, e = 0; i < W->n_nodes; i++)
        for (uint32_t k = 0; k < W->nodes[i].n_out; k++, e++) {
            const char *t = nnx_tvm_dtype_name(W->nodes[i].out[k].dtype);
            if (!t)
                return nnx_error_set(W->err, NNX_ERROR_NOT_SUPPORTED, "NNVM cannot express data type %s (node '%s')",
                                     nnx_dtype_name(W->nodes[i].out[k].dtype), W->nodes[i].name);
            nnx_strbuf_printf(b, "%s\"%s\"", e ? ", " : "", t);
        }
    nnx_strbuf_puts(b, "]],\n    \"shape\": [\"list_shape\", [");
    for (uint32_t i = 0, e = 0; i < W->n_nodes; i++)
        for (uint32_t k = 0; k < W->nodes[i].n_out; k++, e++) {
            const nnx_operand_desc *d = &W->nodes[i].out[k];
            nnx_strbuf_puts(b, e ? ", [" : "[");
            for (uint32_t j = 0; j < d->rank; j++)
                nnx_strbuf_printf(b, "%s%u", j ? ", " : "", d->shape[j]);
            nnx_strbuf_puts(b, "]");
        }
    nnx_strbuf_puts(b, "]],\n    \"storage_id\": [\"list_int\", [");
    for (uint32_t e = 0; e < entries; e++)
        nnx_strbuf_printf(b, "%s%u", e ? ", " : "", e);
    nnx_strbuf_puts(b, "]]\n  }\n}\n");
    return nnx_strbuf_failed(b) ? oom(W) : NNX_OK;
}

/* ---------------------------------------------------------------- the writer */

/* Every source name the graph does not carry as it came (include/nnx.h, "Names across a
 * save"): an entry is known by its node's name. */
static void report_names(const nnvm_writer *W, const uint32_t *inputs, const char *const *input_names,
                         uint32_t n_inputs, const bool *value_live)
{
    const nnx_ir *ir = W->ir;
    for (uint32_t k = 0; k < n_inputs; k++)
        if (W->value_node[inputs[k]] != NNX_NONE)
            nnx_ir_report_rename(W->renames, NNX_NAME_INPUT, input_names ? input_names[k] : ir->values[inputs[k]].name,
                                 W->nodes[W->value_node[inputs[k]]].name);
    for (uint32_t k = 0; k < W->n_outputs; k++)
        if (W->output_names && W->value_node[W->outputs[k]] != NNX_NONE)
            nnx_ir_report_rename(W->renames, NNX_NAME_OUTPUT, W->output_names[k],
                                 W->nodes[W->value_node[W->outputs[k]]].name);
    for (uint32_t v = 0; v < ir->n_values; v++) {
        const nnx_value *val = &ir->values[v];
        bool output = false;
        for (uint32_t k = 0; k < W->n_outputs && !output; k++)
            output = W->outputs[k] == v;
        /* only an entry that is its node's first output is known by the node's name */
        if (!value_live[v] || output || val->kind == NNX_VALUE_INPUT || !val->name || W->value_node[v] == NNX_NONE ||
            W->value_index[v] != 0)
            continue;
        nnx_ir_report_rename(W->renames, val->kind == NNX_VALUE_CONSTANT ? NNX_NAME_WEIGHT : NNX_NAME_TENSOR, val->name,
                             W->nodes[W->value_node[v]].name);
    }
}

static nnx_status build(nnvm_writer *W, const uint32_t *inputs, const char *const *input_names, uint32_t n_inputs)
{
    const nnx_ir *ir = W->ir;
    const nnx_alloc *a = ir->alloc;
    bool *node_live = nnx_mem_calloc(a, ir->n_nodes + 1, sizeof *node_live);
    bool *value_live = nnx_mem_calloc(a, ir->n_values + 1, sizeof *value_live);
    W->value_node = nnx_arena_array(&W->arena, ir->n_values + 1, sizeof *W->value_node);
    W->value_index = nnx_arena_array(&W->arena, ir->n_values + 1, sizeof *W->value_index);
    nnx_status st = NNX_OK;
    if (!node_live || !value_live || !W->value_node || !W->value_index) {
        st = oom(W);
        goto done;
    }
    if (ir->n_updates) {
        st = nnx_error_set(W->err, NNX_ERROR_NOT_SUPPORTED, "NNVM cannot express variable updates (NNEF update)");
        goto done;
    }
    nnx_ir_mark_live(ir, W->outputs, W->n_outputs, node_live, value_live);
    for (uint32_t v = 0; v < ir->n_values; v++)
        W->value_node[v] = NNX_NONE;
    for (uint32_t k = 0; k < n_inputs && st == NNX_OK; k++) {
        uint32_t v = inputs[k];
        uint32_t node = new_node(W, "null",
                                 unique_name(W,
                                             input_names && input_names[k] ? input_names[k]
                                                 : ir->values[v].name      ? ir->values[v].name
                                                                           : "input"),
                                 1);
        if (node == NNX_NONE) {
            st = W->err->status;
            break;
        }
        W->nodes[node].out[0] = ir->values[v].desc;
        nnvm_w_set(W, v, node, 0);
    }
    for (uint32_t i = 0; i < ir->n_nodes && st == NNX_OK; i++)
        if (node_live[i]) {
            /* Variables first, so that every node comes after its inputs. */
            W->cur = &ir->nodes[i];
            for (uint32_t k = 0; k < ir->nodes[i].n_in && st == NNX_OK; k++)
                st = nnvm_w_materialize(W, ir->nodes[i].in[k]);
            if (st == NNX_OK)
                st = nnvm_w_core_node(W, &ir->nodes[i]);
        }
    W->cur = NULL;
    /* Outputs that are constants (or inputs) are heads on their variables. */
    for (uint32_t k = 0; k < W->n_outputs && st == NNX_OK; k++) {
        uint32_t v = W->outputs[k];
        if (W->value_node[v] != NNX_NONE)
            continue;
        const nnx_value *val = &ir->values[v];
        size_t bytes;
        uint32_t c;
        if (val->kind != NNX_VALUE_CONSTANT || !nnx_desc_bytes(&val->desc, &bytes))
            st = nnx_error_set(W->err, NNX_ERROR_INVALID_ARGUMENT, "output %u has no value", k);
        else if ((st = named_const(W, val->name, &val->desc, val->data, bytes, &c)) == NNX_OK)
            nnvm_w_set(W, v, c, 0);
    }
    if (st == NNX_OK)
        report_names(W, inputs, input_names, n_inputs, value_live);
done:
    nnx_mem_free(a, node_live);
    nnx_mem_free(a, value_live);
    return st;
}

static char *params_path_for(const char *path, const nnx_alloc *a)
{
    size_t n = strlen(path);
    size_t stem = n >= 5 && strcasecmp(path + n - 5, ".json") == 0 ? n - 5 : n;
    char *p = nnx_mem_alloc(a, stem + sizeof ".params");
    if (p) {
        memcpy(p, path, stem);
        memcpy(p + stem, ".params", sizeof ".params");
    }
    return p;
}

nnx_status nnx_nnvm_save(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names, uint32_t n_inputs,
                         const uint32_t *outputs, const char *const *output_names, uint32_t n_outputs, const char *path,
                         const nnx_ir_model_options *options, const nnx_alloc *alloc, nnx_error *err)
{
    (void)alloc; /* the IR's allocator serves the writer's own memory */
    nnvm_writer W = {.ir = ir,
                     .err = err,
                     .outputs = outputs,
                     .output_names = output_names,
                     .n_outputs = n_outputs,
                     .renames = options ? options->renames : NULL};
    nnx_arena_init(&W.arena, ir->alloc);
    nnx_strbuf json, params;
    nnx_strbuf_init(&json, ir->alloc);
    nnx_strbuf_init(&params, ir->alloc);
    char *own_params = NULL;
    const char *params_path = options ? options->params_path : NULL;
    nnx_status st = build(&W, inputs, input_names, n_inputs);
    if (st == NNX_OK)
        st = emit(&W, &json);
    if (st == NNX_OK)
        st = nnx_tvm_params_write(W.params, W.n_params, &params, err);
    if (st == NNX_OK && !params_path && !(params_path = own_params = params_path_for(path, ir->alloc)))
        st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    /* one output: neither file replaced unless both are written; the weights renamed first,
     * so that the JSON a reader opens never names weights that are not there yet */
    nnx_file_part parts[2] = {{params_path, params.data, params.len}, {path, json.data, json.len}};
    if (st == NNX_OK)
        st = nnx_file_write_atomic_all(parts, 2, err);
    nnx_mem_free(ir->alloc, own_params);
    nnx_strbuf_free(&json);
    nnx_strbuf_free(&params);
    nnx_mem_free(ir->alloc, W.nodes);
    nnx_mem_free(ir->alloc, W.params);
    nnx_arena_free(&W.arena);
    return st;
}
