/* dot.c — a flat NNEF graph as Graphviz text: one box per operation labelled with its name,
 * one ellipse per graph input, and one edge per tensor use labelled with the tensor's name
 * and shape. Only what the graph says; no layout hints beyond top-to-bottom. */
#include "formats/nnef/emit/dot.h"

#include <string.h>

/* Writes s as a dot string body: quotes and backslashes escaped. */
static void dot_escaped(nnx_strbuf *b, const char *s)
{
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            nnx_strbuf_append(b, "\\", 1);
        nnx_strbuf_append(b, s, 1);
    }
}

static void tensor_label(nnx_strbuf *b, const nnx_nnef_flat_tensor *t)
{
    dot_escaped(b, t->name);
    if (!t->has_shape)
        return;
    nnx_strbuf_puts(b, "\\n[");
    for (uint32_t i = 0; i < t->rank; i++)
        nnx_strbuf_printf(b, i ? ",%u" : "%u", t->shape[i]);
    nnx_strbuf_puts(b, "]");
}

/* Edges from the producer of every tensor that value mentions to op `consumer`. */
static void edges(nnx_strbuf *b, const nnx_nnef_flat *g, const nnx_nnef_value *v, uint32_t consumer)
{
    if (v->kind == NNX_NNEF_VALUE_TENSOR) {
        const nnx_nnef_flat_tensor *t = &g->tensors[v->u.tensor];
        nnx_strbuf_printf(b, "  op%u -> op%u [label=\"", t->producer, consumer);
        tensor_label(b, t);
        nnx_strbuf_puts(b, "\"];\n");
    } else if (v->kind == NNX_NNEF_VALUE_ARRAY || v->kind == NNX_NNEF_VALUE_TUPLE) {
        for (uint32_t i = 0; i < v->count; i++)
            edges(b, g, &v->u.items[i], consumer);
    }
}

void nnx_nnef_dot(const nnx_nnef_flat *g, nnx_strbuf *b) { nnx_nnef_dot_marked(g, false, b); }

void nnx_nnef_dot_marked(const nnx_nnef_flat *g, bool unsupported_custom, nnx_strbuf *b)
{
    nnx_strbuf_puts(b, "digraph \"");
    dot_escaped(b, g->name ? g->name : "graph");
    nnx_strbuf_puts(b,
                    "\" {\n  rankdir=TB;\n  node [shape=box, fontname=\"Helvetica\"];\n"
                    "  edge [fontname=\"Helvetica\", fontsize=10];\n");
    for (uint32_t i = 0; i < g->n_ops; i++) {
        const nnx_nnef_flat_op *op = &g->ops[i];
        bool input = strcmp(op->name, "external") == 0;
        nnx_strbuf_printf(b, "  op%u [label=\"", i);
        dot_escaped(b, input ? g->tensors[op->results[0].value.u.tensor].name : op->name);
        if (unsupported_custom && op->custom && !op->extension)
            nnx_strbuf_puts(b, "\\nunsupported\", style=dashed, color=red, fontcolor=red];\n");
        else
            nnx_strbuf_puts(b, input ? "\", shape=ellipse];\n" : "\"];\n");
    }
    for (uint32_t i = 0; i < g->n_ops; i++)
        for (uint32_t k = 0; k < g->ops[i].n_args; k++)
            edges(b, g, &g->ops[i].args[k].value, i);
    for (uint32_t i = 0; i < g->n_outputs; i++) {
        const nnx_nnef_flat_tensor *t = &g->tensors[g->outputs[i]];
        nnx_strbuf_printf(b, "  out%u [label=\"", i);
        dot_escaped(b, t->name);
        nnx_strbuf_printf(b, "\", shape=ellipse];\n  op%u -> out%u [label=\"", t->producer, i);
        tensor_label(b, t);
        nnx_strbuf_puts(b, "\"];\n");
    }
    nnx_strbuf_puts(b, "}\n");
}
