/* ir_source_dot.c — the source's own graph of a model read into core IR
 * (formats/ir_model.h, nnx_ir_source_graph) as Graphviz text: one box per source node
 * labelled with its name and operator ("conv1\nConv"), unsupported ones dashed and red, one
 * ellipse per graph input and output, a note per weight, and one edge per tensor use
 * labelled with the tensor's name and shape ("?" where it is not known). */
#include "base/strbuf.h"
#include "formats/ir_model.h"

/* A tensor no node produces: a graph input (IN | k) or a weight (CONST); NONE: not used. */
#define SRC_NONE UINT32_MAX
#define SRC_CONST (UINT32_MAX - 1)
#define SRC_IN 0x80000000u

static void escaped(nnx_strbuf *b, const char *s)
{
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            nnx_strbuf_append(b, "\\", 1);
        if (*s == '\n')
            nnx_strbuf_puts(b, "\\n");
        else
            nnx_strbuf_append(b, s, 1);
    }
}

static void tensor_label(nnx_strbuf *b, const nnx_ir_source_tensor *t)
{
    escaped(b, t->name);
    if (!t->known) {
        nnx_strbuf_puts(b, "\\n?");
        return;
    }
    nnx_strbuf_puts(b, "\\n[");
    for (uint32_t i = 0; i < t->desc.rank; i++)
        nnx_strbuf_printf(b, i ? ",%u" : "%u", t->desc.shape[i]);
    nnx_strbuf_puts(b, "]");
}

/* The dot node that makes tensor t (whose producer code is p). */
static void producer(nnx_strbuf *b, uint32_t p, uint32_t t)
{
    if (p == SRC_CONST || p == SRC_NONE)
        nnx_strbuf_printf(b, "w%u", t);
    else if (p & SRC_IN)
        nnx_strbuf_printf(b, "in%u", p & ~SRC_IN);
    else
        nnx_strbuf_printf(b, "n%u", p);
}

nnx_status nnx_ir_source_dot(const nnx_ir_source_graph *g, const nnx_alloc *a, char **text, nnx_error *err)
{
    *text = NULL;
    uint32_t *prod = nnx_mem_calloc(a, (size_t)g->n_tensors + 1, sizeof *prod);
    if (!prod)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint32_t t = 0; t < g->n_tensors; t++)
        prod[t] = SRC_NONE;
    for (uint32_t k = 0; k < g->n_inputs; k++)
        prod[g->inputs[k]] = SRC_IN | k;
    for (uint32_t i = 0; i < g->n_nodes; i++)
        for (uint32_t k = 0; k < g->nodes[i].n_outputs; k++)
            if (g->nodes[i].outputs[k] != NNX_NONE)
                prod[g->nodes[i].outputs[k]] = i;
    nnx_strbuf b;
    nnx_strbuf_init(&b, a);
    nnx_strbuf_puts(&b,
                    "digraph \"G\" {\n  rankdir=TB;\n  node [shape=box, fontname=\"Helvetica\"];\n"
                    "  edge [fontname=\"Helvetica\", fontsize=10];\n");
    for (uint32_t k = 0; k < g->n_inputs; k++) {
        nnx_strbuf_printf(&b, "  in%u [label=\"", k);
        escaped(&b, g->tensors[g->inputs[k]].name);
        nnx_strbuf_puts(&b, "\", shape=ellipse];\n");
    }
    for (uint32_t i = 0; i < g->n_nodes; i++) {
        const nnx_ir_source_node *n = &g->nodes[i];
        nnx_strbuf_printf(&b, "  n%u [label=\"", i);
        if (n->name[0]) {
            escaped(&b, n->name);
            nnx_strbuf_puts(&b, "\\n");
        }
        escaped(&b, n->op);
        if (n->domain[0]) {
            nnx_strbuf_puts(&b, " (");
            escaped(&b, n->domain);
            nnx_strbuf_puts(&b, ")");
        }
        nnx_strbuf_puts(&b, n->unsupported ? "\\nunsupported\", style=dashed, color=red, fontcolor=red];\n" : "\"];\n");
    }
    /* weights (and any other tensor no node makes), once each, where they are first used */
    for (uint32_t i = 0; i < g->n_nodes; i++)
        for (uint32_t k = 0; k < g->nodes[i].n_inputs; k++) {
            uint32_t t = g->nodes[i].inputs[k];
            if (t == NNX_NONE || prod[t] != SRC_NONE)
                continue;
            prod[t] = SRC_CONST;
            nnx_strbuf_printf(&b, "  w%u [label=\"", t);
            escaped(&b, g->tensors[t].name);
            nnx_strbuf_puts(&b, "\", shape=note];\n");
        }
    for (uint32_t i = 0; i < g->n_nodes; i++)
        for (uint32_t k = 0; k < g->nodes[i].n_inputs; k++) {
            uint32_t t = g->nodes[i].inputs[k];
            if (t == NNX_NONE)
                continue;
            nnx_strbuf_puts(&b, "  ");
            producer(&b, prod[t], t);
            nnx_strbuf_printf(&b, " -> n%u [label=\"", i);
            tensor_label(&b, &g->tensors[t]);
            nnx_strbuf_puts(&b, "\"];\n");
        }
    for (uint32_t k = 0; k < g->n_outputs; k++) {
        uint32_t t = g->outputs[k];
        nnx_strbuf_printf(&b, "  out%u [label=\"", k);
        escaped(&b, g->tensors[t].name);
        nnx_strbuf_puts(&b, "\", shape=ellipse];\n");
        if (prod[t] == SRC_NONE) { /* an output that is a weight no node reads */
            prod[t] = SRC_CONST;
            nnx_strbuf_printf(&b, "  w%u [label=\"", t);
            escaped(&b, g->tensors[t].name);
            nnx_strbuf_puts(&b, "\", shape=note];\n");
        }
        nnx_strbuf_puts(&b, "  ");
        producer(&b, prod[t], t);
        nnx_strbuf_printf(&b, " -> out%u [label=\"", k);
        tensor_label(&b, &g->tensors[t]);
        nnx_strbuf_puts(&b, "\"];\n");
    }
    nnx_strbuf_puts(&b, "}\n");
    nnx_mem_free(a, prod);
    *text = nnx_strbuf_take(&b, NULL);
    return *text ? NNX_OK : nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
}
