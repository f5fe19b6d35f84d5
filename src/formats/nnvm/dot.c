/* dot.c — an NNVM graph as Graphviz text, in the style of the NNEF front end's (one box per
 * operator node labelled with its operator and name, one ellipse per graph input and output,
 * one edge per entry read, labelled with its shape when the graph's attrs give it). Drawn
 * from the source graph, so compiled tvm_op nodes (labelled with their function) and
 * operators NNEF has no form for are drawn as they are. Weights are not drawn. */
#include "base/strbuf.h"
#include "formats/nnvm/load.h"

#include <string.h>

static void escaped(nnx_strbuf *b, const char *s)
{
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            nnx_strbuf_append(b, "\\", 1);
        nnx_strbuf_append(b, s, 1);
    }
}

static void entry_label(nnx_strbuf *b, const nnx_nnvm_graph *g, uint32_t node, uint32_t index)
{
    const nnx_nnvm_node *n = &g->nodes[node];
    escaped(b, n->name);
    if (n->n_outputs > 1)
        nnx_strbuf_printf(b, ":%u", index);
    if (!g->shapes)
        return;
    const nnx_nnvm_entry_info *s = &g->shapes[g->node_row_ptr[node] + index];
    nnx_strbuf_puts(b, "\\n[");
    for (uint32_t i = 0; i < s->rank; i++)
        nnx_strbuf_printf(b, i ? ",%u" : "%u", s->shape[i]);
    nnx_strbuf_puts(b, "]");
}

/* A variable whose value became a constant (a weight): not drawn. */
static bool weight(const nnvm_loader *L, uint32_t node)
{
    if (strcmp(L->g->nodes[node].op, "null") != 0)
        return false;
    uint32_t v = L->entry_value[L->g->node_row_ptr[node]];
    return v != NNX_NONE && L->ir->values[v].kind == NNX_VALUE_CONSTANT;
}

nnx_status nnvm_dot(const nnvm_loader *L, const char *const *output_names, const char **out)
{
    const nnx_nnvm_graph *g = L->g;
    nnx_strbuf b;
    nnx_strbuf_init(&b, L->ir->alloc);
    const char *slash = strrchr(L->path, '/');
    nnx_strbuf_puts(&b, "digraph \"");
    escaped(&b, slash ? slash + 1 : L->path);
    nnx_strbuf_puts(&b,
                    "\" {\n  rankdir=TB;\n  node [shape=box, fontname=\"Helvetica\"];\n"
                    "  edge [fontname=\"Helvetica\", fontsize=10];\n");
    for (uint32_t i = 0; i < g->n_nodes; i++) {
        const nnx_nnvm_node *n = &g->nodes[i];
        if (weight(L, i))
            continue;
        nnx_strbuf_printf(&b, "  op%u [label=\"", i);
        if (strcmp(n->op, "null") == 0) {
            escaped(&b, n->name);
            nnx_strbuf_puts(&b, "\", shape=ellipse];\n");
            continue;
        }
        const char *fn = strcmp(n->op, "tvm_op") == 0 ? nnx_nnvm_attr(n, "func_name") : NULL;
        escaped(&b, fn ? "tvm_op " : n->op);
        if (fn)
            escaped(&b, fn);
        if (strcmp(n->name, fn ? fn : n->op) != 0) {
            nnx_strbuf_puts(&b, "\\n");
            escaped(&b, n->name);
        }
        /* structure-only: a node nnx cannot lower is dashed and red, as the ONNX graph draws it */
        nnx_strbuf_puts(
            &b, L->bad && L->bad[i] ? "\\nunsupported\", style=dashed, color=red, fontcolor=red];\n" : "\"];\n");
    }
    for (uint32_t i = 0; i < g->n_nodes; i++)
        for (uint32_t k = 0; k < g->nodes[i].n_inputs; k++) {
            const nnx_nnvm_entry *e = &g->nodes[i].inputs[k];
            if (weight(L, e->node))
                continue;
            nnx_strbuf_printf(&b, "  op%u -> op%u [label=\"", e->node, i);
            entry_label(&b, g, e->node, e->index);
            nnx_strbuf_puts(&b, "\"];\n");
        }
    for (uint32_t k = 0; k < g->n_heads; k++) {
        nnx_strbuf_printf(&b, "  out%u [label=\"", k);
        escaped(&b, output_names[k]);
        nnx_strbuf_printf(&b, "\", shape=ellipse];\n  op%u -> out%u [label=\"", g->heads[k].node, k);
        entry_label(&b, g, g->heads[k].node, g->heads[k].index);
        nnx_strbuf_puts(&b, "\"];\n");
    }
    nnx_strbuf_puts(&b, "}\n");
    nnx_status st = NNX_OK;
    if (nnx_strbuf_failed(&b) || !(*out = nnx_arena_strdup(&L->ir->arena, b.data)))
        st = nnx_error_set(L->err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", L->path);
    nnx_strbuf_free(&b);
    return st;
}
