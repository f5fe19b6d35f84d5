/* tosa_front.h — what the TOSA front end's files share (builder_tosa*.c): the session
 * (profiles, level, nesting depth, variables), one operator call (inputs, attributes,
 * outputs, its type row), the spec's level table, and helpers that fail with the spec's
 * wording ("TOSA PAD: ERROR_IF(padding[0] < 0)"), read compile-time-constant inputs and add
 * core nodes (builder_tosa_helpers.c). */
#ifndef NNX_API_TOSA_FRONT_H
#define NNX_API_TOSA_FRONT_H

#include "api/builder.h"

/* One row of the Supported Data Types table (tosa_types_table.h). */
typedef struct nnx_tosa_type_row {
    nnx_tosa_op op;
    uint32_t all_of, any_of; /* profile bits: all required / at least one */
    nnx_dtype types[4];      /* per type column of the operator */
    uint32_t table_size;     /* TABLE only */
    nnx_tosa_mode mode;      /* RESIZE integer rows only; 0 = any */
} nnx_tosa_type_row;

/* Level limits (spec §1.7 Table 4). */
typedef struct nnx_tosa_limits {
    const char *name;
    uint32_t max_rank;
    int64_t max_kernel, max_stride, max_scale;
    uint32_t max_log2_size, max_nesting, max_tensor_list_size;
} nnx_tosa_limits;

/* A variable (EXT-VARIABLE): uid, the core constant holding its persistent value, and the
 * value a VARIABLE_READ sees now (the last VARIABLE_WRITE in graph order, or the constant). */
typedef struct nnx_tosa_variable {
    int32_t uid;
    nnx_operand_desc desc;
    uint32_t constant, current;
    uint32_t update; /* index into the IR's updates once written, else NNX_NONE */
} nnx_tosa_variable;

/* The profiles and extensions the matched type rows of a session's operators need (for
 * `nnx info`): every bit of `all`, and one of `any` (rows that take either profile) unless
 * `all` already has one of them. WHILE_LOOP sub-sessions add to their parent's. */
typedef struct nnx_tosa_usage {
    uint32_t all, any;
} nnx_tosa_usage;

struct nnx_tosa {
    nnx_builder *b;
    nnx_builder *root; /* the top-level builder: WHILE_LOOP sub-graphs are frozen into its IR */
    uint32_t profiles;
    const nnx_tosa_limits *level;
    uint32_t depth; /* tosa_nesting_depth: COND_IF / WHILE_LOOP sub-graphs being built */
    nnx_tosa_variable *vars;
    uint32_t n_vars, cap_vars;
    nnx_tosa_usage own_usage, *usage; /* usage: own_usage, or the parent session's */
};

/* One operator being added. */
typedef struct nnx_tosa_call {
    nnx_tosa *t;
    nnx_op_call c; /* c.name = "TOSA <OP>" */
    nnx_tosa_op op;
    char name[40];
    nnx_operand *const *in;
    uint32_t n_in;
    const nnx_tosa_attrs *a;
    nnx_operand **out; /* the results (the caller's array is written at the end) */
    uint32_t n_out;
    bool outputs_null;            /* the caller gave n_out slots but no array */
    const nnx_tosa_type_row *row; /* the type row that matched */
} nnx_tosa_call;

/* Fails the call: records "TOSA <OP>['label']: <message>" with st; returns false. */
bool nnx_tosa_fail(nnx_tosa_call *k, nnx_status st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* ERROR_IF(cond) and REQUIRE(!cond) decided at build time: a true cond fails the call with
 * NNX_ERROR_INVALID_ARGUMENT and the message "ERROR_IF(text)" / "REQUIRE(text)". */
bool nnx_tosa_error_if(nnx_tosa_call *k, bool cond, const char *text);
bool nnx_tosa_require(nnx_tosa_call *k, bool cond_holds, const char *text);
/* LEVEL_CHECK(ok): a failure is NNX_ERROR_NOT_SUPPORTED naming the level. */
bool nnx_tosa_level_check(nnx_tosa_call *k, bool ok, const char *text);

/* The n-th input (must exist: arity was checked). */
static inline const nnx_operand *nnx_tosa_in(const nnx_tosa_call *k, uint32_t i) { return k->in[i]; }
static inline nnx_dtype nnx_tosa_dt(const nnx_tosa_call *k, uint32_t i) { return k->in[i]->desc.dtype; }
static inline const nnx_operand_desc *nnx_tosa_desc(const nnx_tosa_call *k, uint32_t i) { return &k->in[i]->desc; }

/* A compile-time-constant input: fails (ERROR_IF "CTC") unless input i is a constant; then
 * *data is its bytes. */
bool nnx_tosa_ctc(nnx_tosa_call *k, uint32_t i, const char *what, const void **data);
/* Element j of constant input i as int64 (integers, bool) or double (floats). */
int64_t nnx_tosa_const_i(nnx_tosa_call *k, uint32_t i, size_t j);
double nnx_tosa_const_f(nnx_tosa_call *k, uint32_t i, size_t j);
/* A shape_t input (an int64 CONST_SHAPE constant): its values into v (at most max); the
 * count through *n. Fails unless it is one. */
bool nnx_tosa_shape_input(nnx_tosa_call *k, uint32_t i, const char *what, int64_t *v, uint32_t max, uint32_t *n);
/* The element count of input i. */
uint64_t nnx_tosa_elements(const nnx_tosa_call *k, uint32_t i);

/* Adds a core node; NULL (and the call failed) on error. */
nnx_operand *nnx_tosa_node(nnx_tosa_call *k, nnx_op op, const nnx_operand *const *in, uint32_t n_in,
                           const nnx_attrs *attrs);
/* A node with several outputs, written to outs. */
bool nnx_tosa_node_n(nnx_tosa_call *k, nnx_op op, const nnx_operand *const *in, uint32_t n_in, const nnx_attrs *attrs,
                     uint32_t n_out, nnx_operand **outs);
/* A reshape of x to shape[0..rank). */
nnx_operand *nnx_tosa_reshape(nnx_tosa_call *k, const nnx_operand *x, const uint32_t *shape, uint32_t rank);
/* A constant made by the front end (desc, bytes). */
nnx_operand *nnx_tosa_constant(nnx_tosa_call *k, const nnx_operand_desc *d, const void *data, size_t size);

/* Shared shape rules: the level's rank limit; TOSA broadcast (equal ranks, each pair of
 * dims equal or one of them 1) of inputs [first, first + n) into out. */
bool nnx_tosa_check_rank(nnx_tosa_call *k, uint32_t rank, const char *what);
bool nnx_tosa_broadcast(nnx_tosa_call *k, uint32_t first, uint32_t n, nnx_operand_desc *out);

/* The operator groups (builder_tosa_elementwise.c, builder_tosa_data.c, builder_tosa_nn.c,
 * builder_tosa_flow.c): each validates and lowers k, writing k->out[0..n_out). */
bool nnx_tosa_elementwise(nnx_tosa_call *k);
bool nnx_tosa_data(nnx_tosa_call *k);
bool nnx_tosa_nn(nnx_tosa_call *k);
bool nnx_tosa_flow(nnx_tosa_call *k);

#endif
