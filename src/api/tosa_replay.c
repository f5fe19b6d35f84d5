/* tosa_replay.c — a `.tosa` file's blocks built through the TOSA front end (tosa_replay.h):
 * each operator's inputs resolved by name in its block (a COND_IF branch also sees the names
 * of the blocks around it), its attribute table turned into nnx_tosa_attrs, its declared
 * output tensors passed as the types the front end must infer, and COND_IF / WHILE_LOOP
 * blocks replayed as the session's sub-graphs. Variables are the block's `variable` tensors. */
#include "api/tosa_replay.h"
#include "base/strmap.h"
#include "formats/load_limits.h"
#include "formats/tosa/tosa_data.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct replay {
    const nnx_tfile *f;
    const nnx_tfile_region *region;
    const char *path;
    nnx_error *err;
    bool failed; /* err holds the first failure (an inner block's stays) */
    const nnx_tfile_block *main;
    /* The blocks being replayed, innermost first (COND_IF / WHILE_LOOP blocks inside their
     * operator's block): a block already among them is a cycle, and more than max_depth of
     * them is nnx_model_options.max_depth broken. Each level costs a few KiB of stack
     * (run_block, the front end's operator and sub-graph calls), so the bound is what keeps
     * a file from exhausting it. */
    const struct active *active;
    uint32_t n_active, max_depth;
} replay;

typedef struct active {
    const struct active *outer;
    const nnx_tfile_block *block;
} active;

/* The names a block sees: its own, then (COND_IF branches) those of the block around it. */
typedef struct scope {
    struct scope *parent;
    const nnx_tfile_block *block;
    nnx_strmap values;  /* name -> nnx_operand * */
    nnx_strmap tensors; /* name -> index + 1 into block->tensors */
    nnx_strmap shapes;  /* name -> index + 1 into block->shapes */
} scope;

static nnx_status failf(replay *r, nnx_status st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static nnx_status failf(replay *r, nnx_status st, const char *fmt, ...)
{
    if (r->failed)
        return r->err->status;
    char msg[sizeof r->err->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    r->failed = true;
    return nnx_error_set(r->err, st, "%s: error: %s", r->path, msg);
}

static const nnx_tfile_tensor *tensor_of(const scope *s, const char *name)
{
    for (; s; s = s->parent) {
        uintptr_t i;
        if (nnx_strmap_get(&s->tensors, name, &i))
            return &s->block->tensors[i - 1];
    }
    return NULL;
}

static const nnx_tfile_shape *shape_of(const scope *s, const char *name)
{
    for (; s; s = s->parent) {
        uintptr_t i;
        if (nnx_strmap_get(&s->shapes, name, &i))
            return &s->block->shapes[i - 1];
    }
    return NULL;
}

static bool bind(replay *r, scope *s, const char *name, nnx_operand *op)
{
    uintptr_t *slot = nnx_strmap_put(&s->values, name, NULL);
    if (!slot)
        return failf(r, NNX_ERROR_OUT_OF_MEMORY, "out of memory"), false;
    *slot = (uintptr_t)op;
    /* the source's name (ir/graph.h): the value that is this TOSA tensor keeps it */
    nnx_error e = {0};
    if (op && op->builder && op->value != NNX_NONE && nnx_ir_set_name(&op->builder->ir, op->value, name, &e) != NNX_OK)
        return failf(r, NNX_ERROR_OUT_OF_MEMORY, "out of memory"), false;
    return true;
}

/* The nnx type of tensor t (what = where it is used, for messages). */
static bool tensor_desc(replay *r, const scope *s, const nnx_tfile_tensor *t, nnx_operand_desc *d, bool quiet)
{
    const char *b = s->block->name;
    if (t->is_unranked || t->shape.count > NNX_MAX_RANK) {
        if (!quiet)
            failf(r, NNX_ERROR_NOT_SUPPORTED, "block '%s', TosaTensor '%s'.shape: %s", b, t->name,
                  t->is_unranked ? "unranked tensors are not supported" : "rank above nnx's limit");
        return false;
    }
    nnx_dtype dt = nnx_tfile_dtype_to_nnx(t->type);
    if (dt == NNX_DTYPE_UNDEFINED) {
        const char *tn = nnx_tfile_dtype_name(t->type);
        if (!quiet && tn)
            failf(r, NNX_ERROR_NOT_SUPPORTED, "block '%s', TosaTensor '%s'.type: %s is not a TOSA 1.0 type", b, t->name,
                  tn);
        else if (!quiet)
            failf(r, NNX_ERROR_INVALID_ARGUMENT, "block '%s', TosaTensor '%s'.type: %u is not a DType", b, t->name,
                  t->type);
        return false;
    }
    *d = (nnx_operand_desc){.dtype = dt, .rank = t->shape.count};
    if (t->type == NNX_TFILE_SHAPE && (t->shape.count == 0 || (t->shape.count == 1 && t->shape.v[0] == 0)))
        d->rank = 0; /* the empty shape_t is a rank-0 int64 constant (include/nnx.h, TOSA front end) */
    for (uint32_t i = 0; i < d->rank; i++) {
        if (t->shape.v[i] < 0) {
            if (!quiet)
                failf(r, NNX_ERROR_NOT_SUPPORTED, "block '%s', TosaTensor '%s'.shape[%u]: %d (a dynamic dimension)", b,
                      t->name, i, t->shape.v[i]);
            return false;
        }
        d->shape[i] = (uint32_t)t->shape.v[i];
    }
    return true;
}

/* bytes of tensor name's data decoded into nnx's layout (from alloc; *out NULL for no data). */
static bool decode(replay *r, const char *name, const nnx_alloc *a, uint32_t type, const nnx_tfile_bytes *bytes,
                   const nnx_operand_desc *d, void **out, size_t *size)
{
    *out = NULL;
    *size = 0;
    uint64_t n = 1;
    if (type == NNX_TFILE_SHAPE) /* shape_t values: rank 1 [n], the empty one rank 0 (tensor_desc) */
        n = d->rank ? d->shape[0] : 0;
    else if (!nnx_desc_elements(d, &n))
        return failf(r, NNX_ERROR_INVALID_ARGUMENT, "TosaTensor.shape: too many elements"), false;
    size_t want = 0;
    if (!nnx_tfile_data_size(type, n, &want) || want != bytes->size)
        return failf(r, NNX_ERROR_INVALID_ARGUMENT, "TosaTensor.data: %zu bytes, the shape and type need %zu",
                     bytes->size, want),
               false;
    size_t sz = (size_t)n * nnx_dtype_size(d->dtype);
    void *buf = nnx_mem_alloc(a, sz ? sz : 1);
    if (!buf) /* the largest allocation a file asks for: name it */
        return failf(r, NNX_ERROR_OUT_OF_MEMORY, "out of memory for tensor '%s' (%zu bytes)", name ? name : "",
                     sz ? sz : 1),
               false;
    nnx_tfile_decode(type, bytes->data, n, buf);
    *out = buf;
    *size = sz;
    return true;
}

/* ---------------------------------------------------------------- attributes */

static bool ints(replay *r, const char *table, const char *field, const nnx_tfile_ints *v, uint32_t want, int32_t *dst)
{
    if (!v->present)
        return true; /* absent: zeros (the front end's checks name a bad value) */
    if (v->count != want)
        return failf(r, NNX_ERROR_INVALID_ARGUMENT, "%s.%s has %u items, the operator takes %u", table, field, v->count,
                     want),
               false;
    memcpy(dst, v->v, (size_t)want * sizeof *dst);
    return true;
}

/* A CLAMP bound: one value of the input's type in its encoding. */
static bool clamp_value(replay *r, const nnx_tfile_bytes *b, uint32_t type, const char *field, nnx_number *out)
{
    *out = (nnx_number){0};
    if (!b->present)
        return true;
    size_t want = 0;
    nnx_dtype dt = nnx_tfile_dtype_to_nnx(type);
    if (dt == NNX_DTYPE_UNDEFINED || !nnx_tfile_data_size(type, 1, &want) || want != b->size)
        return failf(r, NNX_ERROR_INVALID_ARGUMENT, "ClampAttribute.%s: %zu bytes, one %s value takes %zu", field,
                     b->size, nnx_tfile_dtype_name(type) ? nnx_tfile_dtype_name(type) : "?", want),
               false;
    uint64_t v[1];
    nnx_tfile_decode(type, b->data, 1, v);
    if (nnx_dtype_is_floating_point(dt))
        *out = (nnx_number){.kind = NNX_NUMBER_FLOAT64, .value.f64 = nnx_element_load_f64(dt, v, 0)};
    else
        *out = (nnx_number){.kind = NNX_NUMBER_INT64, .value.i64 = nnx_element_load_i64(dt, v, 0)};
    return true;
}

/* The file's attribute table of op into a (fields the operator has), by operator. */
static bool attrs_of(replay *r, const scope *s, const nnx_tfile_operator *op, nnx_tosa_attrs *a)
{
    const nnx_tfile_attr *x = &op->attr;
    const char *tn = nnx_tfile_attr_table_name(op->op);
    if (x->type && x->type != op->op) {
        const char *given = nnx_tfile_attr_table_name(x->type);
        return failf(r, NNX_ERROR_INVALID_ARGUMENT, "TosaOperator.attribute: a %s for a %s operator",
                     given ? given : "union member", nnx_tfile_op_name(op->op)),
               false;
    }
    a->axis = x->axis;
    a->nan_mode = (nnx_tosa_nan_mode)x->nan_mode; /* UNKNOWN (0) is the default, PROPAGATE */
    a->acc_type = x->acc_type ? nnx_tfile_dtype_to_nnx(x->acc_type) : NNX_DTYPE_UNDEFINED;
    a->local_bound = x->local_bound, a->inverse = x->inverse, a->round = x->round;
    a->scale32 = x->scale32, a->per_channel = x->per_channel;
    a->input_unsigned = x->input_unsigned, a->output_unsigned = x->output_unsigned;
    a->rounding_mode = (nnx_tosa_rounding)x->rounding_mode;
    a->mode = (nnx_tosa_mode)x->mode;
    if (x->acc_type && a->acc_type == NNX_DTYPE_UNDEFINED)
        return failf(r, NNX_ERROR_NOT_SUPPORTED, "%s.acc_type: %s is not a TOSA 1.0 type", tn,
                     nnx_tfile_dtype_name(x->acc_type) ? nnx_tfile_dtype_name(x->acc_type) : "an unknown DType"),
               false;
    switch ((nnx_tosa_op)op->op) {
    case NNX_TOSA_AVG_POOL2D:
    case NNX_TOSA_MAX_POOL2D:
        return ints(r, tn, "kernel", &x->kernel, 2, a->kernel) && ints(r, tn, "stride", &x->stride, 2, a->stride) &&
            ints(r, tn, "pad", &x->pad, 4, a->pad);
    case NNX_TOSA_CONV2D:
    case NNX_TOSA_DEPTHWISE_CONV2D:
        return ints(r, tn, "pad", &x->pad, 4, a->pad) && ints(r, tn, "stride", &x->stride, 2, a->stride) &&
            ints(r, tn, "dilation", &x->dilation, 2, a->dilation);
    case NNX_TOSA_CONV3D:
        return ints(r, tn, "pad", &x->pad, 6, a->pad) && ints(r, tn, "stride", &x->stride, 3, a->stride) &&
            ints(r, tn, "dilation", &x->dilation, 3, a->dilation);
    case NNX_TOSA_TRANSPOSE_CONV2D:
        return ints(r, tn, "out_pad", &x->out_pad, 4, a->out_pad) && ints(r, tn, "stride", &x->stride, 2, a->stride);
    case NNX_TOSA_TRANSPOSE:
        a->perms = x->perms.v;
        a->perms_count = x->perms.count;
        return true;
    case NNX_TOSA_CLAMP: {
        const nnx_tfile_tensor *in = op->n_inputs ? tensor_of(s, op->inputs[0]) : NULL;
        uint32_t type = in ? in->type : 0;
        return clamp_value(r, &x->min_val, type, "min_val", &a->min_val) &&
            clamp_value(r, &x->max_val, type, "max_val", &a->max_val);
    }
    case NNX_TOSA_CUSTOM:
        a->operator_name = x->operator_name;
        a->domain_name = x->domain_name;
        return true;
    default: return true;
    }
}

/* ---------------------------------------------------------------- blocks */

static nnx_status run_block(replay *r, nnx_tosa *t, scope *parent, const nnx_tfile_block *blk, nnx_operand *const *in,
                            uint32_t n_in, nnx_operand **out, uint32_t n_out);

typedef struct sub_call {
    replay *r;
    scope *parent; /* NULL for WHILE_LOOP blocks (a builder of their own) */
    const nnx_tfile_block *blocks[2];
} sub_call;

static bool sub_fn(nnx_tosa *t, sub_call *c, int which, nnx_operand *const *in, uint32_t n_in, nnx_operand **out,
                   uint32_t n_out)
{
    return run_block(c->r, t, c->parent, c->blocks[which], in, n_in, out, n_out) == NNX_OK;
}
static bool sub_first(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n_in, nnx_operand **out, uint32_t n_out)
{
    return sub_fn(t, user, 0, in, n_in, out, n_out);
}
static bool sub_second(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n_in, nnx_operand **out,
                       uint32_t n_out)
{
    return sub_fn(t, user, 1, in, n_in, out, n_out);
}

static bool find_blocks(replay *r, const nnx_tfile_operator *op, sub_call *c)
{
    const char *tn = nnx_tfile_attr_table_name(op->op);
    bool loop = op->op == NNX_TOSA_WHILE_LOOP;
    const char *names[2] = {op->attr.graph1, op->attr.graph2};
    const char *fields[2] = {loop ? "cond_graph" : "then_graph", loop ? "body_graph" : "else_graph"};
    for (int i = 0; i < 2; i++) {
        c->blocks[i] = names[i] ? nnx_tfile_find_block(r->region, names[i]) : NULL;
        if (!c->blocks[i])
            return failf(r, NNX_ERROR_INVALID_ARGUMENT, "%s.%s: %s%s%s", tn, fields[i],
                         names[i] ? "no block of the region is named '" : "absent", names[i] ? names[i] : "",
                         names[i] ? "'" : ""),
                   false;
    }
    return true;
}

/* The variable a VARIABLE* operator names: the first of its outputs, then inputs, that is a
 * `variable` tensor (decision TOSA-R6; TOSA 1.0 §2.17 names variables by uid); its uid is the tensor's
 * index in the main block. */
static const nnx_tfile_tensor *variable_of(replay *r, const nnx_tfile_operator *op, int32_t *uid)
{
    for (int pass = 0; pass < 2; pass++) {
        uint32_t n = pass ? op->n_inputs : op->n_outputs;
        const char **names = pass ? op->inputs : op->outputs;
        for (uint32_t i = 0; i < n; i++)
            for (uint32_t j = 0; j < r->main->n_tensors; j++) {
                const nnx_tfile_tensor *t = &r->main->tensors[j];
                if (t->variable && strcmp(t->name, names[i]) == 0) {
                    *uid = (int32_t)j;
                    return t;
                }
            }
    }
    return NULL;
}

/* Declares variable tensor vt (uid) with its initial value. */
static bool declare_variable(replay *r, nnx_tosa *t, const scope *s, const nnx_tfile_tensor *vt, int32_t uid,
                             const nnx_alloc *al)
{
    nnx_tosa_attrs a = {.uid = uid};
    if (!tensor_desc(r, s, vt, &a.desc, false))
        return false;
    void *data = NULL;
    size_t size = 0;
    if (vt->data.present && vt->data.size && !decode(r, vt->name, al, vt->type, &vt->data, &a.desc, &data, &size))
        return false;
    a.values = data;
    a.values_size = size;
    nnx_tosa_add(t, NNX_TOSA_VARIABLE, NULL, 0, &a, NULL, 0);
    nnx_mem_free(al, data);
    return true;
}

/* The operand of name: bound already, else a constant tensor or shape of the block (made
 * through CONST / CONST_SHAPE, so that their rules apply), else an error. */
/* The innermost scope from s out that binds or declares name (NULL: none); *value its value
 * when that scope has bound one. A branch's own constant thus hides a value of the same name
 * the block around it has already built. */
static const scope *declaring(const scope *s, const char *name, nnx_operand **value)
{
    *value = NULL;
    for (; s; s = s->parent) {
        uintptr_t p;
        if (nnx_strmap_get(&s->values, name, &p)) {
            *value = (nnx_operand *)p;
            return s;
        }
        if (nnx_strmap_get(&s->tensors, name, &p) || nnx_strmap_get(&s->shapes, name, &p))
            return s;
    }
    return NULL;
}

static nnx_operand *operand_named(replay *r, nnx_tosa *t, scope *s, const char *name, const char *where)
{
    nnx_operand *op;
    const scope *d = declaring(s, name, &op);
    uintptr_t i;
    const nnx_tfile_tensor *tt = d && nnx_strmap_get(&d->tensors, name, &i) ? &d->block->tensors[i - 1] : NULL;
    const nnx_tfile_shape *sh = !tt && d && nnx_strmap_get(&d->shapes, name, &i) ? &d->block->shapes[i - 1] : NULL;
    bool constant = (tt && tt->data.present && !tt->variable) || sh;
    if (op && op->builder != t->b && !constant) {
        /* A COND_IF branch is its own graph (TOSA 1.0 §2.16.1 runs it on input_list alone). */
        failf(r, NNX_ERROR_INVALID_ARGUMENT,
              "block '%s', %s: '%s' is a value of block '%s', which a COND_IF branch reads only through "
              "the operator's input_list",
              s->block->name, where, name, d->block->name);
        return NULL;
    }
    if (op && op->builder == t->b)
        return op;
    /* an enclosing block's constant: built again on this branch's builder */
    const nnx_alloc *al = t->b->ir.alloc;
    nnx_tosa_attrs a = {0};
    nnx_operand *res = NULL;
    if (tt && tt->data.present && !tt->variable) {
        if (!tensor_desc(r, s, tt, &a.desc, false))
            return NULL;
        void *data;
        size_t size;
        if (tt->type == NNX_TFILE_SHAPE) {
            if (!decode(r, tt->name, al, tt->type, &tt->data, &a.desc, &data, &size))
                return NULL;
            a.shape_values = data;
            a.shape_values_count = (uint32_t)(size / sizeof(int64_t));
            nnx_tosa_add(t, NNX_TOSA_CONST_SHAPE, NULL, 0, &a, &res, 1);
        } else {
            if (!decode(r, tt->name, al, tt->type, &tt->data, &a.desc, &data, &size))
                return NULL;
            a.values = data;
            a.values_size = size;
            nnx_tosa_add(t, NNX_TOSA_CONST, NULL, 0, &a, &res, 1);
        }
        nnx_mem_free(al, data);
    } else if (sh) {
        nnx_operand_desc d = {.dtype = NNX_INT64, .rank = 1, .shape = {sh->rank}};
        void *data;
        size_t size;
        if (!decode(r, sh->name, al, NNX_TFILE_SHAPE, &sh->data, &d, &data, &size))
            return NULL;
        a.shape_values = data;
        a.shape_values_count = sh->rank;
        nnx_tosa_add(t, NNX_TOSA_CONST_SHAPE, NULL, 0, &a, &res, 1);
        nnx_mem_free(al, data);
    } else {
        failf(r, NNX_ERROR_INVALID_ARGUMENT, "block '%s', %s: '%s' is not defined before it is used", s->block->name,
              where, name);
        return NULL;
    }
    if (!res || res == &t->b->poison) {
        failf(r, t->b->err.status, "block '%s', constant '%s': %s", s->block->name, name, t->b->err.message);
        return NULL;
    }
    return bind(r, s, name, res) ? res : NULL;
}

/* The declared types of op's outputs, when every one is declared with a fixed shape. */
static bool output_descs(replay *r, const scope *s, const nnx_tfile_operator *op, nnx_operand_desc *d)
{
    for (uint32_t i = 0; i < op->n_outputs; i++) {
        const nnx_tfile_tensor *tt = tensor_of(s, op->outputs[i]);
        if (!tt || tt->variable || !tensor_desc(r, s, tt, &d[i], true))
            return false;
    }
    return true;
}

/* Runs operator i of scope s's block. */
static bool run_operator(replay *r, nnx_tosa *t, scope *s, uint32_t i)
{
    const nnx_tfile_block *blk = s->block;
    const nnx_tfile_operator *op = &blk->operators[i];
    const char *kind = nnx_tfile_op_name(op->op);
    char where[96];
    snprintf(where, sizeof where, "operator %u (%s)", i, kind ? kind : "?");
    if (!kind || op->op == 0)
        return failf(r, NNX_ERROR_INVALID_ARGUMENT, "block '%s', operator %u: Op %u is not an operator", blk->name, i,
                     op->op),
               false;
    if (op->op >= NNX_TFILE_OP_COUNT_1_0)
        return failf(r, NNX_ERROR_NOT_SUPPORTED,
                     "block '%s', %s: a TOSA 1.1 operator, which nnx does not implement (it implements TOSA 1.0)",
                     blk->name, where),
               false;
    const nnx_alloc *al = t->b->ir.alloc;
    nnx_tosa_attrs a = {0};
    if (!attrs_of(r, s, op, &a))
        return false;
    if (op->n_inputs > 4096 || op->n_outputs > 4096)
        return failf(r, NNX_ERROR_NOT_SUPPORTED, "block '%s', %s: more than 4096 inputs or outputs", blk->name, where),
               false;
    nnx_operand **in = nnx_mem_calloc(al, (size_t)op->n_inputs + 1, sizeof *in);
    nnx_operand **out = nnx_mem_calloc(al, (size_t)op->n_outputs + 1, sizeof *out);
    nnx_operand_desc *od = nnx_mem_calloc(al, (size_t)op->n_outputs + 1, sizeof *od);
    void *data = NULL;
    bool ok = in && out && od;
    if (!ok)
        failf(r, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    int32_t uid = 0;
    const nnx_tfile_tensor *var = NULL;
    bool variable_op = op->op == NNX_TOSA_VARIABLE || op->op == NNX_TOSA_VARIABLE_READ ||
        op->op == NNX_TOSA_VARIABLE_WRITE;
    if (ok && variable_op) {
        var = variable_of(r, op, &uid);
        if (!var)
            ok = failf(r, NNX_ERROR_INVALID_ARGUMENT, "block '%s', %s: names no variable tensor of block '%s'",
                       blk->name, where, r->main->name) == NNX_OK;
        a.uid = uid;
    }
    uint32_t n_in = 0, n_out = 0;
    for (uint32_t j = 0; ok && j < op->n_inputs; j++) {
        if (var && strcmp(op->inputs[j], var->name) == 0)
            continue; /* the variable itself is the uid, not an input */
        in[n_in] = operand_named(r, t, s, op->inputs[j], where);
        ok = in[n_in++] != NULL;
    }
    for (uint32_t j = 0; j < op->n_outputs; j++)
        if (!var || strcmp(op->outputs[j], var->name) != 0)
            out[n_out++] = NULL;
    sub_call sc = {.r = r, .parent = op->op == NNX_TOSA_COND_IF ? s : NULL};
    if (ok && (op->op == NNX_TOSA_COND_IF || op->op == NNX_TOSA_WHILE_LOOP)) {
        ok = find_blocks(r, op, &sc);
        a.graph1 = sub_first, a.graph2 = sub_second, a.user = &sc;
    }
    const nnx_tfile_tensor *o0 = op->n_outputs ? tensor_of(s, op->outputs[0]) : NULL;
    if (ok && o0 && (op->op == NNX_TOSA_CAST || op->op == NNX_TOSA_RESCALE || op->op == NNX_TOSA_MATMUL))
        a.out_type = nnx_tfile_dtype_to_nnx(o0->type);
    if (ok && op->op == NNX_TOSA_CONST) {
        size_t size = 0;
        ok = o0 && o0->data.present ? tensor_desc(r, s, o0, &a.desc, false) &&
                decode(r, o0->name, al, o0->type, &o0->data, &a.desc, &data, &size)
                                    : failf(r, NNX_ERROR_INVALID_ARGUMENT, "block '%s', %s: output '%s' has no data",
                                            blk->name, where, op->n_outputs ? op->outputs[0] : "") == NNX_OK;
        a.values = data, a.values_size = size;
    } else if (ok && op->op == NNX_TOSA_CONST_SHAPE) {
        const nnx_tfile_shape *sh = op->n_outputs ? shape_of(s, op->outputs[0]) : NULL;
        size_t size = 0;
        nnx_operand_desc d = {.dtype = NNX_INT64, .rank = 1, .shape = {sh ? sh->rank : 0}};
        if (sh)
            ok = decode(r, sh->name, al, NNX_TFILE_SHAPE, &sh->data, &d, &data, &size);
        else if (o0 && o0->data.present)
            ok = tensor_desc(r, s, o0, &d, false) && decode(r, o0->name, al, o0->type, &o0->data, &d, &data, &size);
        else
            ok = failf(r, NNX_ERROR_INVALID_ARGUMENT, "block '%s', %s: output '%s' has no data", blk->name, where,
                       op->n_outputs ? op->outputs[0] : "") == NNX_OK;
        a.shape_values = data, a.shape_values_count = (uint32_t)(size / sizeof(int64_t));
    } else if (ok && op->op == NNX_TOSA_VARIABLE) {
        ok = declare_variable(r, t, s, var, uid, al);
        n_out = 0;
    }
    if (ok && op->op == NNX_TOSA_VARIABLE_READ && var)
        ok = tensor_desc(r, s, var, &a.desc, false);
    if (ok && !variable_op && n_out == op->n_outputs && output_descs(r, s, op, od))
        a.output_descs = od;
    if (ok && op->op != NNX_TOSA_VARIABLE) {
        ok = nnx_tosa_add(t, (nnx_tosa_op)op->op, in, n_in, &a, out, n_out) == n_out;
        if (!ok && t->b->err.status != NNX_OK) {
            const char *m = t->b->err.message;
            char prefix[48];
            snprintf(prefix, sizeof prefix, "TOSA %s: ", kind);
            if (strncmp(m, prefix, strlen(prefix)) == 0)
                m += strlen(prefix);
            failf(r, t->b->err.status, "block '%s', %s: %s", blk->name, where, m);
        } else if (!ok) {
            failf(r, NNX_ERROR_INVALID_ARGUMENT, "block '%s', %s failed", blk->name, where);
        }
    }
    if (ok && t->b->err.status != NNX_OK)
        ok = failf(r, t->b->err.status, "block '%s', %s: %s", blk->name, where, t->b->err.message) == NNX_OK;
    for (uint32_t j = 0, k = 0; ok && j < op->n_outputs; j++) {
        if (var && strcmp(op->outputs[j], var->name) == 0)
            continue;
        ok = bind(r, s, op->outputs[j], out[k++]);
    }
    nnx_mem_free(al, data);
    nnx_mem_free(al, in);
    nnx_mem_free(al, out);
    nnx_mem_free(al, od);
    return ok;
}

/* Every name the block uses is present (the reader keeps an absent string as NULL). */
static bool names_present(replay *r, const nnx_tfile_block *b)
{
    const char *bn = b->name ? b->name : "";
    for (uint32_t i = 0; i < b->n_tensors; i++)
        if (!b->tensors[i].name)
            return failf(r, NNX_ERROR_INVALID_ARGUMENT, "block '%s', TosaTensor[%u].name: absent", bn, i), false;
    for (uint32_t i = 0; i < b->n_shapes; i++)
        if (!b->shapes[i].name)
            return failf(r, NNX_ERROR_INVALID_ARGUMENT, "block '%s', TosaShape[%u].name: absent", bn, i), false;
    for (uint32_t i = 0; i < b->n_inputs + b->n_outputs; i++)
        if (!(i < b->n_inputs ? b->inputs[i] : b->outputs[i - b->n_inputs]))
            return failf(r, NNX_ERROR_INVALID_ARGUMENT, "block '%s', TosaBasicBlock.%s[%u]: absent", bn,
                         i < b->n_inputs ? "inputs" : "outputs", i < b->n_inputs ? i : i - b->n_inputs),
                   false;
    for (uint32_t i = 0; i < b->n_operators; i++) {
        const nnx_tfile_operator *o = &b->operators[i];
        for (uint32_t j = 0; j < o->n_inputs + o->n_outputs; j++)
            if (!(j < o->n_inputs ? o->inputs[j] : o->outputs[j - o->n_inputs]))
                return failf(r, NNX_ERROR_INVALID_ARGUMENT, "block '%s', operator %u: TosaOperator.%s[%u]: absent", bn,
                             i, j < o->n_inputs ? "inputs" : "outputs", j < o->n_inputs ? j : j - o->n_inputs),
                       false;
    }
    return true;
}

static bool index_block(replay *r, scope *s)
{
    const nnx_tfile_block *b = s->block;
    if (!names_present(r, b))
        return false;
    for (uint32_t i = 0; i < b->n_tensors; i++) {
        bool added;
        uintptr_t *slot = nnx_strmap_put(&s->tensors, b->tensors[i].name, &added);
        if (!slot)
            return failf(r, NNX_ERROR_OUT_OF_MEMORY, "out of memory"), false;
        if (!added)
            return failf(r, NNX_ERROR_INVALID_ARGUMENT, "block '%s', TosaTensor '%s': declared twice", b->name,
                         b->tensors[i].name),
                   false;
        *slot = i + 1;
    }
    for (uint32_t i = 0; i < b->n_shapes; i++) {
        uintptr_t *slot = nnx_strmap_put(&s->shapes, b->shapes[i].name, NULL);
        if (!slot)
            return failf(r, NNX_ERROR_OUT_OF_MEMORY, "out of memory"), false;
        *slot = i + 1;
    }
    return true;
}

/* Variables of the main block that no VARIABLE operator declares are declared first. */
static bool implicit_variables(replay *r, nnx_tosa *t, const scope *s)
{
    const nnx_tfile_block *b = s->block;
    for (uint32_t j = 0; j < b->n_tensors; j++) {
        if (!b->tensors[j].variable)
            continue;
        bool declared = false;
        for (uint32_t i = 0; i < b->n_operators && !declared; i++) {
            int32_t uid;
            declared = b->operators[i].op == NNX_TOSA_VARIABLE && variable_of(r, &b->operators[i], &uid) &&
                uid == (int32_t)j;
        }
        if (!declared && !declare_variable(r, t, s, &b->tensors[j], (int32_t)j, t->b->ir.alloc))
            return false;
    }
    return t->b->err.status == NNX_OK ||
        failf(r, t->b->err.status, "block '%s': %s", b->name, t->b->err.message) == NNX_OK;
}

static nnx_status replay_block(replay *r, nnx_tosa *t, scope *parent, const nnx_tfile_block *blk,
                               nnx_operand *const *in, uint32_t n_in, nnx_operand **out, uint32_t n_out);

/* Replays blk (the main block, or a COND_IF / WHILE_LOOP block inside the block on top of
 * r->active), refusing a cycle and nesting deeper than r->max_depth. */
static nnx_status run_block(replay *r, nnx_tosa *t, scope *parent, const nnx_tfile_block *blk, nnx_operand *const *in,
                            uint32_t n_in, nnx_operand **out, uint32_t n_out)
{
    for (const active *x = r->active; x; x = x->outer)
        if (x->block == blk)
            return failf(r, NNX_ERROR_INVALID_ARGUMENT,
                         "block '%s' is used inside itself (a COND_IF / WHILE_LOOP cycle through block '%s')",
                         blk->name, r->active->block->name);
    if (r->n_active >= r->max_depth) {
        if (!r->failed) {
            r->failed = true;
            nnx_limit_error(r->err, NNX_LIMIT_DEPTH, r->path,
                            "block '%s' (in COND_IF / WHILE_LOOP of block '%s'): blocks nested more than %u deep",
                            blk->name, r->active->block->name, r->max_depth);
        }
        return r->err->status;
    }
    active here = {r->active, blk};
    r->active = &here;
    r->n_active++;
    nnx_status st = replay_block(r, t, parent, blk, in, n_in, out, n_out);
    r->n_active--;
    r->active = here.outer;
    return st;
}

/* run_block's work, once the block is known not to nest too deep or in itself. */
static nnx_status replay_block(replay *r, nnx_tosa *t, scope *parent, const nnx_tfile_block *blk,
                               nnx_operand *const *in, uint32_t n_in, nnx_operand **out, uint32_t n_out)
{
    const nnx_alloc *al = t->b->ir.alloc;
    scope s = {.parent = parent, .block = blk};
    nnx_strmap_init(&s.values, al, false);
    nnx_strmap_init(&s.tensors, al, false);
    nnx_strmap_init(&s.shapes, al, false);
    bool ok = index_block(r, &s);
    if (ok && (n_in != blk->n_inputs || n_out != blk->n_outputs))
        ok = failf(r, NNX_ERROR_INVALID_ARGUMENT,
                   "block '%s' has %u inputs and %u outputs; its operator gives %u and takes %u", blk->name,
                   blk->n_inputs, blk->n_outputs, n_in, n_out) == NNX_OK;
    for (uint32_t i = 0; ok && i < n_in; i++)
        ok = bind(r, &s, blk->inputs[i], in[i]);
    if (ok && blk == r->main)
        ok = implicit_variables(r, t, &s);
    for (uint32_t i = 0; ok && i < blk->n_operators; i++)
        ok = run_operator(r, t, &s, i);
    for (uint32_t i = 0; ok && i < n_out; i++) {
        char what[48];
        snprintf(what, sizeof what, "output %u", i);
        out[i] = operand_named(r, t, &s, blk->outputs[i], what);
        ok = out[i] != NULL;
    }
    nnx_strmap_free(&s.values);
    nnx_strmap_free(&s.tensors);
    nnx_strmap_free(&s.shapes);
    return ok ? NNX_OK : r->err->status;
}

/* The main block's variables read once it is over, appended to out's outputs. */
static nnx_status variable_outputs_of(replay *r, nnx_tosa *t, nnx_tosa_replayed *out)
{
    const nnx_tfile_block *m = r->main;
    uint32_t n = 0;
    for (uint32_t j = 0; j < m->n_tensors; j++)
        n += m->tensors[j].variable;
    if (!n)
        return NNX_OK;
    nnx_builder *b = t->b;
    nnx_operand **outs = nnx_arena_array(&b->arena, (size_t)out->n_outputs + n, sizeof *outs);
    const char **names = nnx_arena_array(&b->arena, (size_t)out->n_outputs + n, sizeof *names);
    if (!outs || !names)
        return failf(r, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    if (out->n_outputs) {
        memcpy(outs, out->outputs, out->n_outputs * sizeof *outs);
        memcpy(names, out->output_names, out->n_outputs * sizeof *names);
    }
    for (uint32_t j = 0; j < m->n_tensors; j++) {
        const nnx_tfile_tensor *vt = &m->tensors[j];
        if (!vt->variable)
            continue;
        nnx_tosa_attrs a = {.uid = (int32_t)j};
        nnx_operand *v = NULL;
        if (!tensor_desc(r, &(scope){.block = m}, vt, &a.desc, false))
            return r->err->status;
        if (nnx_tosa_add(t, NNX_TOSA_VARIABLE_READ, NULL, 0, &a, &v, 1) != 1)
            return failf(r, b->err.status, "block '%s', variable '%s': %s", m->name, vt->name, b->err.message);
        names[out->n_outputs] = vt->variable_name && *vt->variable_name ? vt->variable_name : vt->name;
        outs[out->n_outputs++] = v;
    }
    out->outputs = outs;
    out->output_names = names;
    return NNX_OK;
}

nnx_status nnx_tosa_replay(nnx_tosa *t, const nnx_tfile *f, const char *path, bool variable_outputs, uint32_t max_depth,
                           nnx_tosa_replayed *out, nnx_error *err)
{
    *out = (nnx_tosa_replayed){0};
    replay r = {.f = f, .path = path, .err = err, .max_depth = max_depth ? max_depth : NNX_MAX_DEPTH_DEFAULT};
    if (!f->n_regions || !f->regions[0].n_blocks)
        return failf(&r, NNX_ERROR_INVALID_ARGUMENT, "TosaGraph.regions: no region with a block");
    r.region = &f->regions[0];
    r.main = nnx_tfile_find_block(r.region, "main");
    if (!r.main)
        r.main = &r.region->blocks[0];
    if (!r.main->name)
        return failf(&r, NNX_ERROR_INVALID_ARGUMENT, "TosaGraph.regions[0].blocks[0]: TosaBasicBlock.name: absent");
    const nnx_tfile_block *m = r.main;
    nnx_builder *b = t->b;
    out->main_block = m->name;
    out->n_inputs = m->n_inputs, out->n_outputs = m->n_outputs;
    out->inputs = nnx_arena_array(&b->arena, (size_t)m->n_inputs + 1, sizeof *out->inputs);
    out->outputs = nnx_arena_array(&b->arena, (size_t)m->n_outputs + 1, sizeof *out->outputs);
    out->input_names = (const char **)m->inputs, out->output_names = (const char **)m->outputs;
    if (!out->inputs || !out->outputs)
        return failf(&r, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    scope s0 = {.block = m};
    nnx_strmap_init(&s0.tensors, b->ir.alloc, false);
    nnx_strmap_init(&s0.shapes, b->ir.alloc, false);
    bool ok = index_block(&r, &s0);
    for (uint32_t i = 0; ok && i < m->n_inputs; i++) {
        const nnx_tfile_tensor *tt = tensor_of(&s0, m->inputs[i]);
        nnx_operand_desc d;
        if (!tt)
            ok = failf(&r, NNX_ERROR_INVALID_ARGUMENT, "block '%s', inputs[%u]: no TosaTensor is named '%s'", m->name,
                       i, m->inputs[i]) == NNX_OK;
        else if ((ok = tensor_desc(&r, &s0, tt, &d, false))) {
            out->inputs[i] = nnx_builder_input(b, m->inputs[i], &d);
            if (out->inputs[i] == &b->poison)
                ok = failf(&r, b->err.status, "block '%s', input '%s': %s", m->name, m->inputs[i], b->err.message) ==
                    NNX_OK;
        }
    }
    nnx_strmap_free(&s0.tensors);
    nnx_strmap_free(&s0.shapes);
    if (!ok)
        return err->status;
    nnx_status st = run_block(&r, t, NULL, m, out->inputs, m->n_inputs, out->outputs, m->n_outputs);
    return st == NNX_OK && variable_outputs ? variable_outputs_of(&r, t, out) : st;
}
