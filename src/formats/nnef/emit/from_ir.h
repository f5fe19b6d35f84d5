/* from_ir.h — lowering a core graph (ir/graph.h) to a flat NNEF graph (flat.h) plus the
 * data of its variables, ready for nnx_nnef_save (writer.h): how any graph nnx holds is
 * written as a flat NNEF 1.0.2 document with .dat files. from_ir.c holds the driver (inputs,
 * constants, outputs), from_ir_helpers.c what the family shares (names, values, argument
 * filling from the standard library), from_ir_ops.c the lowering of each core op family,
 * from_ir_ext.c the compositions and the nnx_ops fragments. */
#ifndef NNX_FORMATS_NNEF_FROM_IR_H
#define NNX_FORMATS_NNEF_FROM_IR_H

#include "formats/nnef/flatten/flat.h"
#include "formats/nnef/syntax/registry.h"
#include "base/strmap.h"
#include "formats/nnef/emit/writer.h"
#include "ir/graph.h"

/*
 * Op mapping (core op -> NNEF; references are to NNEF 1.0.2 chapter 4)
 * ----------------------------------------------------------------------
 *  graph input            external<T>(shape)               T: float types -> scalar,
 *  constant               variable<T>(shape, label)           integers -> integer, bool -> logical
 *  add sub mul div pow    same name                     ranks made equal first (see B below)
 *  max min                max min (native compounds)    ranks made equal first
 *  abs neg ceil floor exp log                     same primitive
 *  sqrt relu sigmoid tanh                         same native compound
 *  clamp                  clamp(x, lo, hi); max(x, lo) / min(x, hi) / copy(x) for infinite bounds
 *  matmul                 matmul (ranks made equal with unsqueeze)
 *  gemm                   matmul(transposeA, transposeB) [-> mul(., alpha)] [-> add(., [mul](C, beta))]
 *  conv                   [transpose nhwc->nchw] conv(border 'constant', explicit padding, stride,
 *                         dilation, groups) [transpose ->nhwc]; filter transposed to oihw unless
 *                         oihw; bias reshaped to [1, O]
 *  avg_pool max_pool      [transpose] avg_pool / max_pool(size [1,1,kh,kw], border 'ignore',
 *                         padding [(0,0),(0,0),(bH,eH'),(bW,eW')], stride [1,1,sh,sw],
 *                         dilation [1,1,dh,dw]) [transpose]
 *  softmax                softmax(axes = [axis])
 *  reshape transpose concat split     reshape(shape) / transpose(axes) / concat(axis) / split(ratios = sizes)
 *  slice                  slice(axes = all, begin, end)
 *  reduce_sum/mean/max/min            sum_reduce / mean_reduce / max_reduce / min_reduce, then
 *                                     squeeze(axes) unless keep_dims
 *  cast                   cast<T>(input) between float32 / int32 / bool, truncating (the library
 *                         after 1.0.2, NNEF decision 54); other types and roundings NOT_SUPPORTED
 *  tan sinh … atanh       same primitive of the library after 1.0.2
 *  gather                 gather(input, indices, axis) of the library after 1.0.2 (NNEF decision 57)
 *  expand                 [unsqueeze] tile(repeats)
 *  normalizations, elu leaky_relu prelu softplus linear hard_sigmoid hard_swish softsign,
 *  logical_xor, reduce_l1/l2/log_sum/sum_square
 *                         compositions of standard operations (from_ir_ext.c, NNEF decision 58)
 *  erf gelu round_even is_nan is_inf reduce_product reduce_log_sum_exp reverse triangular
 *  cumulative_sum/product gather_elements gather_nd scatter_elements scatter_nd l2_pool resample
 *                         nnx_<op> fragments of the nnx_ops extension (NNEF decision 59,
 *                         docs/NNEF-EXTENSIONS.md)
 *
 * Decisions (also among the NNEF decisions, "Writing builder graphs as NNEF")
 * ----------------------------------------------------------------------------
 *  B  Broadcasting: the core pads the shorter shape with LEADING 1s, NNEF with TRAILING 1s
 *     (§3.0). An operand of binary ops, matmul and gemm's C whose rank r is below the result's
 *     R (and above 0) first goes through unsqueeze(axes = [0 .. R-r)), so both agree. Rank-0
 *     operands broadcast the same way in both and are passed as they are.
 *  T  Types: NNEF tensors are scalar, integer or logical, and most operations take
 *     tensor<scalar> only. Every tensor argument is checked against its declared parameter
 *     type in the standard library; a mismatch (e.g. add on int32) is NNX_ERROR_NOT_SUPPORTED
 *     naming the core op. Widths are not represented: float16 and float64 graphs become
 *     scalar graphs, and a constant's .dat keeps its own float width.
 *  D  Constant data: written bit for bit (float16/32/64, every integer type, bool).
 *     bfloat16 and fp8 have no NNEF tensor-file encoding: NNX_ERROR_NOT_SUPPORTED naming the
 *     constant. Every live constant becomes a variable, rank-0 ones included.
 *  P  Pooling: avg_pool's divisor counts in-bounds elements only, and max_pool never takes a
 *     padding value: NNEF border 'ignore'. NNEF sizes are always floor((p+X+q-f_d)/s)+1; when
 *     the core size is larger (ceil rounding or explicit output sizes), the end padding grows
 *     to the smallest q' giving that size: with 'ignore' the extra padding changes no window.
 *     A window with no in-bounds element is defined by the core (0 / the lowest value) but
 *     not by NNEF's 'ignore': NNX_ERROR_NOT_SUPPORTED.
 *  S  slice: NNEF 1.0.2 slice has no stride. A stride other than 1 is accepted only where it
 *     selects a single element (the axis becomes [begin, begin+1)); otherwise
 *     NNX_ERROR_NOT_SUPPORTED.
 *  C  clamp: the core's absent bounds are infinities, which have no NNEF literal, so an
 *     infinite (or NaN) bound is dropped: max(x, lo), min(x, hi) or copy(x). Integer clamps
 *     are NNX_ERROR_NOT_SUPPORTED (NNEF clamp takes tensor<scalar> only).
 *  G  gemm: alpha = 1 and beta = 1 add no mul (x * 1.0 is exact); without C nothing is added.
 *     A non-finite alpha or beta has no NNEF literal: NNX_ERROR_NOT_SUPPORTED.
 *  N  Names (NNEF 1.0.2 §3.1): graph inputs, then outputs, then the other
 *     live values the IR names (constants and node outputs, in value order) take their
 *     names through nnx_nnef_sanitize_identifier (writer.h), made unique with the first free
 *     "_1", "_2", ... (between an input and an output of the same name the input keeps it);
 *     each change is reported to renames. A named constant's label is its source name through
 *     nnx_nnef_sanitize_label, unique ignoring case ("fc.weight" -> fc.weight.dat). Unnamed
 *     tensors get "t<n>", unnamed constants "c<n>" (also their label), skipping names given
 *     out. An output that is a graph input, a constant or an earlier output's value gets a
 *     copy op under its own name.
 *  O  Every argument of every op is written, in declaration order, defaults taken from the
 *     standard library fragments (registry.h), with the tensor_param flags of their types.
 *  M  Meaning is NNEF's once written: max, min, clamp and relu are select(x > y, x, y)
 *     compounds there, so a NaN operand does not propagate as in the core (IEEE
 *     maximum/minimum); nnx writes the op, not an emulation of the core's NaN rule.
 */

/* Lowers the live part of ir (what outputs depend on) into out, which the caller initialised
 * with nnx_nnef_flat_init and frees with nnx_nnef_flat_free (also after a failure). inputs /
 * input_names list the graph inputs in order (every live input value must be among them),
 * outputs / output_names the results. reg is a registry of the standard library
 * (nnx_nnef_registry_init with doc NULL). *vars receives n_vars variable data records in
 * out's arena; their data point at ir's constant bytes, so ir must outlive the save. Errors:
 * NNX_ERROR_NOT_SUPPORTED (a graph NNEF cannot express; the message names the core op, its
 * label and node index, and why), NNX_ERROR_INVALID_ARGUMENT (a malformed request: input not
 * declared, bad value id), NNX_ERROR_OUT_OF_MEMORY. */
nnx_status nnx_nnef_from_ir(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names, uint32_t n_inputs,
                            const uint32_t *outputs, const char *const *output_names, uint32_t n_outputs,
                            const nnx_nnef_registry *reg, const nnx_ir_renames *renames, nnx_nnef_flat *out,
                            nnx_nnef_variable_data **vars, uint32_t *n_vars, nnx_error *err);

/* ---- internal to from_ir*.c ------------------------------------------------------------- */

typedef struct nnx_nnef_lower {
    const nnx_ir *ir;
    const nnx_nnef_registry *reg;
    nnx_nnef_flat *g;
    nnx_error *err;
    uint32_t *tensor_of;      /* per IR value: its flat tensor, or NNX_NONE (arena) */
    const char **output_name; /* per IR value: the name its tensor takes (a graph output's, else
                                 the source's, sanitised and unique), or NULL: generated */
    const char **input_name;  /* per graph input: its identifier */
    const char **out_name;    /* per graph output: its identifier */
    const char **label_of;    /* per IR value: a constant's variable label, or NULL: its name */
    nnx_strmap taken;         /* every identifier given out so far */
    nnx_strmap labels;        /* every label given out (ignoring case, §4.1.2) */
    const nnx_ir_renames *renames;
    uint32_t next_t, next_c; /* counters of generated names */
    nnx_dtype *dtype_of;     /* per flat tensor: the core type it carries (messages) */
    uint32_t cap_dtype_of;
    const nnx_node *node; /* the node being lowered (messages), or NULL */
    uint32_t node_index;
} nnx_nnef_lower;

/* A named argument given to nnx_nnef_lower_emit. */
typedef struct nnx_nnef_lower_arg {
    const char *name;
    nnx_nnef_value value;
} nnx_nnef_lower_arg;

/* Records "<op> '<label>' (node #k): <reason>" (or the reason alone outside a node). */
nnx_status nnx_nnef_lower_fail(nnx_nnef_lower *L, nnx_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
nnx_status nnx_nnef_lower_oom(nnx_nnef_lower *L);
/* Decision T: the NNEF item type of a core dtype (NNX_NNEF_TYPE_NONE if it has none). */
nnx_nnef_type_kind nnx_nnef_lower_item_type(nnx_dtype dt);
/* prefix<n> in buf with the first n from *counter that no name given out uses (decision N);
 * the caller gives it to a tensor, which takes it (nnx_nnef_lower_tensor). */
const char *nnx_nnef_lower_fresh_name(nnx_nnef_lower *L, char prefix, uint32_t *counter, char *buf, size_t size);

/* A new tensor typed and shaped by d, produced by the next op emitted; name NULL generates
 * one ("t<n>"). The name is copied into the graph's arena. */
nnx_status nnx_nnef_lower_tensor(nnx_nnef_lower *L, const char *name, const nnx_operand_desc *d, uint32_t *index);

/* Appends op with every parameter of its standard fragment in declaration order: given
 * arguments by name, the others from their defaults. generic is the explicit <T> (for
 * external and variable) or NONE to take it from the tensor arguments. results are the
 * result values in declaration order (tensors created with nnx_nnef_lower_tensor just
 * before). Tensor arguments must have the item type their parameter declares (decision T). */
nnx_status nnx_nnef_lower_emit(nnx_nnef_lower *L, const char *op, nnx_nnef_type_kind generic,
                               const nnx_nnef_lower_arg *args, uint32_t n_args, const nnx_nnef_value *results,
                               uint32_t n_results);

/* A one-result op: creates its result tensor described by d — the tensor of IR value
 * `value` when value != NNX_NONE (named after the graph output it is), else an intermediate
 * — emits op, and returns the tensor through *t. */
nnx_status nnx_nnef_lower_op1(nnx_nnef_lower *L, const char *op, const nnx_nnef_lower_arg *args, uint32_t n_args,
                              const nnx_operand_desc *d, uint32_t value, uint32_t *t);

/* The tensor an IR value becomes when a node produces it (named after its graph output). */
nnx_status nnx_nnef_lower_value_tensor(nnx_nnef_lower *L, uint32_t value, uint32_t *t);

/* Values in the graph's arena: integer[] and (integer,integer)[] arrays, tensor[] arrays. */
nnx_status nnx_nnef_lower_ints(nnx_nnef_lower *L, const int64_t *items, uint32_t n, nnx_nnef_value *out);
nnx_status nnx_nnef_lower_pairs(nnx_nnef_lower *L, const int64_t (*items)[2], uint32_t n, nnx_nnef_value *out);
nnx_status nnx_nnef_lower_tensors(nnx_nnef_lower *L, const uint32_t *items, uint32_t n, nnx_nnef_value *out);

static inline nnx_nnef_value nnx_nnef_v_tensor(uint32_t t)
{
    return (nnx_nnef_value){.kind = NNX_NNEF_VALUE_TENSOR, .u.tensor = t};
}
static inline nnx_nnef_value nnx_nnef_v_int(int64_t v)
{
    return (nnx_nnef_value){.kind = NNX_NNEF_VALUE_INTEGER, .u.integer = v};
}
static inline nnx_nnef_value nnx_nnef_v_scalar(double v)
{
    return (nnx_nnef_value){.kind = NNX_NNEF_VALUE_SCALAR, .u.scalar = v};
}
static inline nnx_nnef_value nnx_nnef_v_logical(bool v)
{
    return (nnx_nnef_value){.kind = NNX_NNEF_VALUE_LOGICAL, .u.logical = v};
}
static inline nnx_nnef_value nnx_nnef_v_string(const char *s)
{
    return (nnx_nnef_value){.kind = NNX_NNEF_VALUE_STRING, .u.string = s};
}

/* from_ir_ext.c: the normalizations and WebNN activations as compositions of standard NNEF
 * operations (decisions 57, 58); the ops of the nnx_ops extension as its fragments (59). */
nnx_status nnx_nnef_lower_composed(nnx_nnef_lower *L);
nnx_status nnx_nnef_lower_ext(nnx_nnef_lower *L);

/* Lowers L->node (from_ir_ops.c): emits its ops and sets tensor_of for its outputs. */
nnx_status nnx_nnef_lower_node(nnx_nnef_lower *L);

#endif
