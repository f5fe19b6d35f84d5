/* from_ir.c — the driver of the core-IR-to-TOSA converter (tosa_from_ir.h): reserves the
 * input and output names, writes the live constants as CONST tensors, then walks the live
 * nodes in IR order through from_ir_layout.c, from_ir_tosa_ops.c or from_ir_legalize*.c;
 * outputs that are not a node's own tensor get an IDENTITY. cond_if and while_loop write
 * their sub-graphs as blocks of their own (the same walk, here). */
#include "formats/tosa/tosa_from_ir.h"
#include "base/file.h"
#include "formats/tosa/from_ir_emit.h"
#include "formats/tosa/tosa_data.h"
#include "ir/dtypes.h"
#include "ops/subgraph.h"

#include <stdio.h>
#include <string.h>

/* The blocks of the one region: main first, then the sub-graphs' in the order written. */
struct nnx_tir_blocks {
    nnx_tfile_block *v;
    uint32_t n, cap;
};

static bool reserve_name(nnx_tir *t, const char *name)
{
    bool added;
    char *s = nnx_arena_strdup(&t->f->arena, name);
    uintptr_t *slot = s ? nnx_strmap_put(t->names, s, &added) : NULL;
    if (!slot)
        return nnx_tir_oom(t);
    return true;
}

/* A name from base that no tensor or block has yet (not reserved), in the file's arena. */
static const char *fresh_name(nnx_tir *t, const char *base) { return nnx_tir_unique_name(t, base, false); }

/* A graph input or constant of a type the file has: else NOT_SUPPORTED naming it. */
static bool known_type(nnx_tir *t, nnx_dtype dt, const char *what, const char *name)
{
    uint32_t ft = nnx_tfile_dtype_from_nnx(dt);
    if (ft != NNX_TFILE_UNKNOWN && ft < NNX_TFILE_DTYPE_COUNT_1_0)
        return true;
    t->node = NNX_NONE;
    if (name)
        return nnx_tir_fail(t, "%s '%s' is %s, which TOSA 1.0 has no type for", what, name, nnx_dtype_name(dt));
    return nnx_tir_fail(t, "a %s of %s: TOSA 1.0 has no type for it", what, nnx_dtype_name(dt));
}

static nnx_status write_block(nnx_tir *t, bool all_live, const uint32_t *inputs, const char *const *input_names,
                              uint32_t n_inputs, const uint32_t *outputs, const char *const *output_names,
                              uint32_t n_outputs, nnx_tfile_block *b);

/* Sub-graph g as a new block named from base; its name into *name. Its parameters and
 * results get fresh names. */
static bool sub_block(nnx_tir *t, const nnx_subgraph *g, const char *base, const char **name)
{
    nnx_arena *A = &t->f->arena;
    const char **in_names = g->n_params ? nnx_arena_array(A, g->n_params, sizeof *in_names) : NULL;
    const char **out_names = g->n_results ? nnx_arena_array(A, g->n_results, sizeof *out_names) : NULL;
    if ((g->n_params && !in_names) || (g->n_results && !out_names) || !(*name = fresh_name(t, base)) ||
        !reserve_name(t, *name))
        return nnx_tir_oom(t);
    char buf[256];
    for (uint32_t i = 0; i < g->n_params; i++) {
        snprintf(buf, sizeof buf, "%s_in%u", *name, i);
        if (!(in_names[i] = fresh_name(t, buf)))
            return false;
    }
    for (uint32_t i = 0; i < g->n_results; i++) {
        snprintf(buf, sizeof buf, "%s_out%u", *name, i);
        if (!(out_names[i] = fresh_name(t, buf)))
            return false;
    }
    /* the sub-graph's values and nodes, read as an IR (its nodes are all live, in order) */
    nnx_ir view = {
        .alloc = t->alloc, .values = g->values, .n_values = g->n_values, .nodes = g->nodes, .n_nodes = g->n_nodes};
    nnx_tir c = {.ir = &view, .f = t->f, .alloc = t->alloc, .err = t->err, .names = t->names, .blocks = t->blocks};
    c.vname = nnx_mem_calloc(t->alloc, g->n_values ? g->n_values : 1, sizeof *c.vname);
    nnx_tfile_block b = {0};
    nnx_status st = c.vname
        ? write_block(&c, true, g->params, in_names, g->n_params, g->results, out_names, g->n_results, &b)
        : (nnx_tir_oom(t), NNX_ERROR_OUT_OF_MEMORY);
    nnx_mem_free(t->alloc, c.ops);
    nnx_mem_free(t->alloc, c.tensors);
    nnx_mem_free(t->alloc, c.vname);
    if (st != NNX_OK)
        return false;
    b.name = *name;
    struct nnx_tir_blocks *bl = t->blocks;
    if (!nnx_mem_reserve(t->alloc, (void **)&bl->v, &bl->cap, bl->n + 1, sizeof *bl->v))
        return nnx_tir_oom(t);
    bl->v[bl->n++] = b;
    return true;
}

/* cond_if -> COND_IF (then, else blocks), while_loop -> WHILE_LOOP (cond, body blocks): the
 * node's inputs and outputs as the operator's (TOSA 1.0 §2.16.1, §2.16.2). */
static bool flow_node(nnx_tir *t, const nnx_node *n)
{
    bool loop = n->op == NNX_OP_WHILE_LOOP;
    const nnx_subgraph *g1 = loop ? n->attrs.loop.cond : n->attrs.cond_if.then_g;
    const nnx_subgraph *g2 = loop ? n->attrs.loop.body : n->attrs.cond_if.else_g;
    uint32_t node = t->node;
    const char *b1, *b2;
    if (!sub_block(t, g1, loop ? "cond" : "then", &b1) || !sub_block(t, g2, loop ? "body" : "else", &b2))
        return false;
    t->node = node;
    nnx_arena *A = &t->f->arena;
    const char **in = n->n_in ? nnx_arena_array(A, n->n_in, sizeof *in) : NULL;
    const char **out = n->n_out ? nnx_arena_array(A, n->n_out, sizeof *out) : NULL;
    if ((n->n_in && !in) || (n->n_out && !out))
        return nnx_tir_oom(t);
    for (uint32_t i = 0; i < n->n_in; i++)
        if (!(in[i] = nnx_tir_value(t, n->in[i])))
            return false;
    for (uint32_t i = 0; i < n->n_out; i++)
        if (!(out[i] = nnx_tir_out_tensor(t, n->out[i])))
            return false;
    nnx_tfile_operator *o = nnx_tir_op(t, loop ? NNX_TOSA_WHILE_LOOP : NNX_TOSA_COND_IF, in, n->n_in, out, n->n_out);
    if (!o)
        return false;
    o->attr.graph1 = b1;
    o->attr.graph2 = b2;
    for (uint32_t i = 0; i < n->n_out; i++)
        t->vname[n->out[i]] = out[i];
    return true;
}

static nnx_status convert_node(nnx_tir *t, uint32_t i)
{
    const nnx_node *n = &t->ir->nodes[i];
    bool handled = false;
    t->node = i;
    if (n->op == NNX_OP_COND_IF || n->op == NNX_OP_WHILE_LOOP) {
        flow_node(t, n);
        return t->err->status;
    }
    /* layout first: the others read the NCHW form of their inputs (nnx_tir_value), and
     * legalize_nn before legalize, which would read input 0 of a conv or pool */
    if (!nnx_tir_layout(t, n, &handled) || handled)
        return t->err->status;
    if (!nnx_tir_tosa_op(t, n, &handled) || handled)
        return t->err->status;
    if (!nnx_tir_legalize_nn(t, n, &handled) || handled)
        return t->err->status;
    if (!nnx_tir_legalize(t, n, &handled) || handled)
        return t->err->status;
    nnx_tir_fail(t, "%s has no TOSA form", nnx_op_table[n->op].name);
    return t->err->status;
}

/* Drops the operators no output needs (the index RESHAPE / TILE of a TOSA GATHER pattern,
 * whose core nodes are live but whose tensors the GATHER does not read) and the tensors only
 * they wrote, walking back from the block's outputs. */
static nnx_status prune(nnx_tir *t, const char *const *out_names, uint32_t n_out)
{
    nnx_strmap used;
    nnx_strmap_init(&used, t->alloc, false);
    bool *live = nnx_mem_calloc(t->alloc, t->n_ops ? t->n_ops : 1, sizeof *live);
    bool added, ok = live != NULL;
    for (uint32_t k = 0; ok && k < n_out; k++)
        ok = nnx_strmap_put(&used, out_names[k], &added) != NULL;
    for (uint32_t i = t->n_ops; ok && i-- > 0;) {
        const nnx_tfile_operator *o = &t->ops[i];
        live[i] = o->op == NNX_TOSA_VARIABLE || o->op == NNX_TOSA_VARIABLE_WRITE; /* state: always kept */
        for (uint32_t k = 0; k < o->n_outputs && !live[i]; k++)
            live[i] = nnx_strmap_get(&used, o->outputs[k], NULL);
        for (uint32_t k = 0; live[i] && ok && k < o->n_inputs; k++)
            ok = nnx_strmap_put(&used, o->inputs[k], &added) != NULL;
    }
    if (ok) {
        /* a tensor stays unless a dropped operator wrote it */
        nnx_strmap dropped;
        nnx_strmap_init(&dropped, t->alloc, false);
        uint32_t n = 0;
        for (uint32_t i = 0; ok && i < t->n_ops; i++) {
            if (live[i]) {
                t->ops[n++] = t->ops[i];
                continue;
            }
            for (uint32_t k = 0; ok && k < t->ops[i].n_outputs; k++)
                ok = nnx_strmap_put(&dropped, t->ops[i].outputs[k], &added) != NULL;
        }
        if (ok) {
            t->n_ops = n;
            n = 0;
            for (uint32_t i = 0; i < t->n_tensors; i++)
                if (!nnx_strmap_get(&dropped, t->tensors[i].name, NULL))
                    t->tensors[n++] = t->tensors[i];
            t->n_tensors = n;
        }
        nnx_strmap_free(&dropped);
    }
    nnx_mem_free(t->alloc, live);
    nnx_strmap_free(&used);
    return ok ? NNX_OK : (nnx_tir_oom(t), t->err->status);
}

/* The block's lists from the gathered arrays (copied into the file's arena). */
static nnx_status finish(nnx_tir *t, const char *const *in_names, uint32_t n_in, const char *const *out_names,
                         uint32_t n_out, nnx_tfile_block *b)
{
    nnx_arena *A = &t->f->arena;
    b->n_operators = t->n_ops;
    b->n_tensors = t->n_tensors;
    b->operators = t->n_ops ? nnx_arena_memdup(A, t->ops, t->n_ops * sizeof *t->ops) : NULL;
    b->tensors = t->n_tensors ? nnx_arena_memdup(A, t->tensors, t->n_tensors * sizeof *t->tensors) : NULL;
    b->n_inputs = n_in;
    b->n_outputs = n_out;
    b->inputs = n_in ? nnx_arena_array(A, n_in, sizeof *b->inputs) : NULL;
    b->outputs = n_out ? nnx_arena_array(A, n_out, sizeof *b->outputs) : NULL;
    if ((t->n_ops && !b->operators) || (t->n_tensors && !b->tensors) || (n_in && !b->inputs) || (n_out && !b->outputs))
        return nnx_tir_oom(t), t->err->status;
    for (uint32_t i = 0; i < b->n_operators; i++)
        if (b->operators[i].location && !(b->operators[i].location = nnx_arena_strdup(A, b->operators[i].location)))
            return nnx_tir_oom(t), t->err->status;
    for (uint32_t i = 0; i < n_in; i++)
        b->inputs[i] = in_names[i];
    for (uint32_t i = 0; i < n_out; i++)
        b->outputs[i] = out_names[i];
    return NNX_OK;
}

/* Reserves every input and output name; an output that is an input, a constant, an earlier
 * output or a value used under another name gets its own tensor through IDENTITY at the end
 * (own[k] false). */
static nnx_status names(nnx_tir *t, const char *const *input_names, uint32_t n_inputs, const uint32_t *outputs,
                        const char *const *output_names, uint32_t n_outputs, bool *own)
{
    const nnx_ir *ir = t->ir;
    for (uint32_t i = 0; i < n_inputs; i++) {
        if (nnx_strmap_get(t->names, input_names[i], NULL)) {
            t->node = NNX_NONE;
            nnx_tir_fail(t, "the input name '%s' is used twice", input_names[i]);
            return t->err->status;
        }
        if (!reserve_name(t, input_names[i]))
            return t->err->status;
    }
    for (uint32_t k = 0; k < n_outputs; k++) {
        uint32_t v = outputs[k];
        if (nnx_strmap_get(t->names, output_names[k], NULL)) {
            t->node = NNX_NONE;
            nnx_tir_fail(t, "the output name '%s' is used twice (or names an input)", output_names[k]);
            return t->err->status;
        }
        if (!reserve_name(t, output_names[k]))
            return t->err->status;
        own[k] = ir->values[v].kind == NNX_VALUE_NODE && !t->vname[v];
        if (own[k] && !(t->vname[v] = nnx_arena_strdup(&t->f->arena, output_names[k])))
            return nnx_tir_oom(t), t->err->status;
    }
    return NNX_OK;
}

/* Marks what the outputs need: the main graph through nnx_ir_mark_live; a sub-graph holds
 * its live nodes only (all_live), so its live values are those its nodes and results read
 * or write. */
static void mark_live(const nnx_ir *ir, bool all_live, const uint32_t *outputs, uint32_t n_outputs, bool *node_live,
                      bool *value_live)
{
    if (!all_live) {
        nnx_ir_mark_live(ir, outputs, n_outputs, node_live, value_live);
        return;
    }
    for (uint32_t i = 0; i < ir->n_nodes; i++) {
        node_live[i] = true;
        for (uint32_t k = 0; k < ir->nodes[i].n_in; k++)
            if (ir->nodes[i].in[k] != NNX_NONE)
                value_live[ir->nodes[i].in[k]] = true;
    }
    for (uint32_t k = 0; k < n_outputs; k++)
        value_live[outputs[k]] = true;
}

/* A variable (an IR update's constant) as a variable tensor with its initial value, declared
 * by VARIABLE; the value the graph reads is one VARIABLE_READ of it before the first
 * operator, since reads in the IR see the value the run started with (TOSA-L12). */
static bool read_variable(nnx_tir *t, uint32_t v)
{
    const nnx_value *x = &t->ir->values[v];
    if (!known_type(t, x->desc.dtype, "variable", NULL))
        return false;
    const char *var = nnx_tir_variable(t, &x->desc, x->data);
    const char *r = var ? nnx_tir_op1(t, NNX_TOSA_VARIABLE_READ, &var, 1, NULL, &x->desc) : NULL;
    t->vname[v] = r;
    return r != NULL;
}

/* The update of variable v (its VARIABLE_READ's input names it) to IR value `value`. */
static bool write_variable(nnx_tir *t, uint32_t v, uint32_t value)
{
    const nnx_tfile_operator *read = NULL;
    for (uint32_t i = 0; i < t->n_ops && !read; i++)
        if (t->ops[i].op == NNX_TOSA_VARIABLE_READ && strcmp(t->ops[i].outputs[0], t->vname[v]) == 0)
            read = &t->ops[i];
    const char *x = nnx_tir_value(t, value);
    if (!read || !x)
        return false;
    const char *var = read->inputs[0];
    return nnx_tir_op(t, NNX_TOSA_VARIABLE_WRITE, &x, 1, &var, 1) != NULL;
}

static nnx_status write_block(nnx_tir *t, bool all_live, const uint32_t *inputs, const char *const *input_names,
                              uint32_t n_inputs, const uint32_t *outputs, const char *const *output_names,
                              uint32_t n_outputs, nnx_tfile_block *b)
{
    const nnx_ir *ir = t->ir;
    t->node = NNX_NONE;
    bool *node_live = nnx_mem_calloc(t->alloc, ir->n_nodes ? ir->n_nodes : 1, sizeof(bool));
    bool *value_live = nnx_mem_calloc(t->alloc, ir->n_values ? ir->n_values : 1, sizeof(bool));
    bool *own = nnx_mem_calloc(t->alloc, n_outputs ? n_outputs : 1, sizeof(bool));
    nnx_status st = NNX_OK;
    if (!node_live || !value_live || !own) {
        st = (nnx_tir_oom(t), t->err->status);
        goto done;
    }
    mark_live(ir, all_live, outputs, n_outputs, node_live, value_live);
    if ((st = names(t, input_names, n_inputs, outputs, output_names, n_outputs, own)) != NNX_OK)
        goto done;
    /* graph inputs: their tensors, under the names given (reserved above) */
    for (uint32_t i = 0; i < n_inputs; i++) {
        const nnx_operand_desc *d = &ir->values[inputs[i]].desc;
        uint32_t at = t->n_tensors;
        if (!known_type(t, d->dtype, "graph input", input_names[i]) || !nnx_tir_tensor_d(t, "in", d) ||
            !(t->tensors[at].name = nnx_arena_strdup(&t->f->arena, input_names[i]))) {
            st = t->err->status != NNX_OK ? t->err->status : (nnx_tir_oom(t), t->err->status);
            goto done;
        }
        t->vname[inputs[i]] = t->tensors[at].name;
    }
    /* variables (main block): declared, then read once, before the first operator */
    for (uint32_t k = 0; !all_live && k < ir->n_updates; k++)
        if (!read_variable(t, ir->updates[k].variable)) {
            st = t->err->status != NNX_OK ? t->err->status : (nnx_tir_oom(t), t->err->status);
            goto done;
        }
    /* constants (the weights) as CONST operators, first */
    for (uint32_t v = 0; v < ir->n_values; v++) {
        const nnx_value *x = &ir->values[v];
        if (!value_live[v] || x->kind != NNX_VALUE_CONSTANT || t->vname[v])
            continue;
        t->node = NNX_NONE;
        if (!known_type(t, x->desc.dtype, "constant", NULL) ||
            !(t->vname[v] = nnx_tir_const_named(t, x->name, &x->desc, x->data))) {
            st = t->err->status;
            goto done;
        }
        nnx_ir_report_rename(t->renames, NNX_NAME_WEIGHT, x->name, t->vname[v]);
    }
    for (uint32_t i = 0; i < ir->n_nodes; i++)
        if (node_live[i] && (st = convert_node(t, i)) != NNX_OK)
            goto done;
    t->node = NNX_NONE;
    for (uint32_t k = 0; !all_live && k < ir->n_updates; k++) /* each update after the last operator */
        if (!write_variable(t, ir->updates[k].variable, ir->updates[k].value)) {
            st = t->err->status != NNX_OK ? t->err->status : (nnx_tir_oom(t), t->err->status);
            goto done;
        }
    for (uint32_t k = 0; k < n_outputs; k++) /* outputs only a twin holds: their NCHW form */
        if (t->pend && t->pend[outputs[k]] && !nnx_tir_value(t, outputs[k])) {
            st = t->err->status != NNX_OK ? t->err->status : (nnx_tir_oom(t), t->err->status);
            goto done;
        }
    for (uint32_t k = 0; k < n_outputs; k++) {
        if (own[k])
            continue;
        /* IDENTITY writes the output under its name */
        const nnx_operand_desc *d = &ir->values[outputs[k]].desc;
        const char *x = nnx_tir_value(t, outputs[k]);
        uint32_t at = t->n_tensors;
        if (!x || !nnx_tir_tensor_d(t, "out", d) ||
            !(t->tensors[at].name = nnx_arena_strdup(&t->f->arena, output_names[k])) ||
            !nnx_tir_op(t, NNX_TOSA_IDENTITY, &x, 1, &t->tensors[at].name, 1)) {
            st = t->err->status != NNX_OK ? t->err->status : (nnx_tir_oom(t), t->err->status);
            goto done;
        }
    }
    if ((st = prune(t, output_names, n_outputs)) == NNX_OK)
        st = finish(t, input_names, n_inputs, output_names, n_outputs, b);
done:
    nnx_mem_free(t->alloc, node_live);
    nnx_mem_free(t->alloc, value_live);
    nnx_mem_free(t->alloc, own);
    return st != NNX_OK ? st : t->err->status;
}

static nnx_status convert(nnx_tir *t, const uint32_t *inputs, const char *const *input_names, uint32_t n_inputs,
                          const uint32_t *outputs, const char *const *output_names, uint32_t n_outputs)
{
    struct nnx_tir_blocks *bl = t->blocks;
    t->node = NNX_NONE;
    if (!nnx_mem_reserve(t->alloc, (void **)&bl->v, &bl->cap, 1, sizeof *bl->v))
        return nnx_tir_oom(t), t->err->status;
    bl->n = 1; /* main, written last */
    memset(&bl->v[0], 0, sizeof bl->v[0]);
    nnx_tfile_block b = {.name = "main"};
    nnx_status st = write_block(t, false, inputs, input_names, n_inputs, outputs, output_names, n_outputs, &b);
    if (st != NNX_OK)
        return st;
    bl->v[0] = b;
    nnx_tfile *f = t->f;
    f->version = (nnx_tfile_version){1, 0, 0, false};
    f->regions = nnx_arena_alloc(&f->arena, sizeof *f->regions);
    nnx_tfile_block *blocks = nnx_arena_memdup(&f->arena, bl->v, bl->n * sizeof *bl->v);
    if (!f->regions || !blocks)
        return nnx_tir_oom(t), t->err->status;
    f->n_regions = 1;
    f->regions[0] = (nnx_tfile_region){.name = "main", .n_blocks = bl->n, .blocks = blocks};
    return NNX_OK;
}

static nnx_status from_ir(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names, uint32_t n_inputs,
                          const uint32_t *outputs, const char *const *output_names, uint32_t n_outputs,
                          const nnx_ir_renames *renames, nnx_tfile *f, nnx_error *err)
{
    nnx_strmap names;
    struct nnx_tir_blocks blocks = {0};
    nnx_tir t = {
        .ir = ir, .f = f, .alloc = f->arena.alloc, .err = err, .names = &names, .blocks = &blocks, .renames = renames};
    nnx_strmap_init(&names, t.alloc, false);
    t.vname = nnx_mem_calloc(t.alloc, ir->n_values ? ir->n_values : 1, sizeof *t.vname);
    t.nhwc = nnx_mem_calloc(t.alloc, ir->n_values ? ir->n_values : 1, sizeof *t.nhwc);
    t.pend = nnx_mem_calloc(t.alloc, ir->n_values ? ir->n_values : 1, sizeof *t.pend);
    nnx_status st;
    if (!t.vname || !t.nhwc || !t.pend)
        st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    else
        st = convert(&t, inputs, input_names, n_inputs, outputs, output_names, n_outputs);
    nnx_mem_free(t.alloc, t.ops);
    nnx_mem_free(t.alloc, t.tensors);
    nnx_mem_free(t.alloc, t.vname);
    nnx_mem_free(t.alloc, t.nhwc);
    nnx_mem_free(t.alloc, t.pend);
    nnx_mem_free(t.alloc, blocks.v);
    nnx_strmap_free(&names);
    return st;
}

nnx_status nnx_tfile_from_ir(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names,
                             uint32_t n_inputs, const uint32_t *outputs, const char *const *output_names,
                             uint32_t n_outputs, nnx_tfile *f, nnx_error *err)
{
    return from_ir(ir, inputs, input_names, n_inputs, outputs, output_names, n_outputs, NULL, f, err);
}

nnx_status nnx_tosa_save_ir(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names, uint32_t n_inputs,
                            const uint32_t *outputs, const char *const *output_names, uint32_t n_outputs,
                            const char *path, const nnx_ir_model_options *options, const nnx_alloc *alloc,
                            nnx_error *err)
{
    nnx_tfile f;
    nnx_tfile_init(&f, alloc);
    uint8_t *bytes = NULL;
    size_t size = 0;
    nnx_status st = from_ir(ir, inputs, input_names, n_inputs, outputs, output_names, n_outputs,
                            options ? options->renames : NULL, &f, err);
    if (st == NNX_OK)
        st = nnx_tfile_write(&f, alloc, &bytes, &size, err);
    if (st == NNX_OK)
        st = nnx_file_write_atomic(path, bytes, size, err);
    nnx_mem_free(alloc, bytes);
    nnx_tfile_free(&f);
    return st;
}
