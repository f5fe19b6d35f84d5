/* lower_internal.h — what the NNEF-to-core lowering files share: the lowering state and its
 * helpers, prefixed lw_ (lower_helpers.c), and the handlers of each operation family
 * (lower.c: driver, tensors, element-wise, shape and reduction operations; lower_window.c,
 * lower_sampling.c, lower_roi.c, lower_quant.c). Internal to the lower stage. */
#ifndef NNX_FORMATS_NNEF_LOWER_INTERNAL_H
#define NNX_FORMATS_NNEF_LOWER_INTERNAL_H

#include "formats/nnef/lower/lower.h"

typedef struct lowerer {
    const nnx_nnef_model *m;
    const nnx_nnef_flat *g;
    nnx_ir *ir;
    nnx_error *err;
    uint32_t *value_of; /* per flat tensor: its core value, NNX_NONE until lowered */
    const nnx_nnef_flat_op *op;
} lowerer;

/* "FILE:LINE:COL: error: nnx cannot run 'op' yet: ..." (NNX_ERROR_NOT_SUPPORTED). */
nnx_status lw_unsupported(lowerer *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
nnx_dtype lw_core_dtype(nnx_nnef_type_kind k);
nnx_operand_desc lw_tensor_desc(const nnx_nnef_flat_tensor *t);
const nnx_nnef_value *lw_arg(lowerer *L, const char *name);
int64_t lw_int_arg(lowerer *L, const char *name);
int32_t lw_ints_arg(lowerer *L, const char *name, int64_t *out, uint32_t max);
const char *lw_string_arg(lowerer *L, const char *name);
const nnx_nnef_flat_tensor *lw_result_tensor(lowerer *L, const char *name, uint32_t *index);
nnx_status lw_constant(lowerer *L, const nnx_operand_desc *d, const void *data, size_t size, uint32_t *id);
/* The current `variable` op as a core constant of dtype (NNX_DTYPE_UNDEFINED: its NNEF
 * type's), its .dat decoded into it (zeros when missing and allowed); variables with the same
 * label (case-insensitive, NNEF 1.0.2 §4.1.3) share one constant, so an update through one is
 * seen by every other. */
nnx_status lw_variable(lowerer *L, nnx_dtype dtype);
nnx_status lw_operand(lowerer *L, const nnx_nnef_value *v, nnx_dtype dt, uint32_t *id);
/* Records the source's names on the IR values (ir/graph.h): a variable is known by its label,
 * any other tensor by its identifier; the first tensor of a value names it (a copy's result
 * is its input's value). */
nnx_status lw_record_names(lowerer *L);
nnx_status lw_node(lowerer *L, nnx_op op, const uint32_t *in, uint32_t n_in, const nnx_attrs *attrs, uint32_t n_out,
                   uint32_t *first);
nnx_status lw_reshape_to(lowerer *L, uint32_t value, const uint32_t *shape, uint32_t rank, uint32_t *out);
nnx_status lw_broadcast_operand(lowerer *L, const nnx_nnef_value *v, nnx_dtype dt, uint32_t rank, uint32_t *id);
nnx_status lw_bind(lowerer *L, const char *name, uint32_t value);
nnx_dtype lw_result_dtype(lowerer *L);
uint32_t lw_result_rank(lowerer *L);

/* lower_quant.c: graph.quant entries of the current op's results, when the model applies them */
nnx_status lw_apply_quant(lowerer *L);

/* lower_window.c */
nnx_status lw_lower_conv(lowerer *L);
nnx_status lw_lower_deconv(lowerer *L);
nnx_status lw_lower_window(lowerer *L, nnx_op op);
nnx_status lw_lower_pool(lowerer *L, nnx_op op);
/* The core window attributes of the op's size, border, padding, stride and dilation over
 * every dimension, from up-scaled x to down-scaled y ([] padding resolved automatically). */
nnx_status lw_window_attrs(lowerer *L, const nnx_nnef_flat_tensor *x, const nnx_nnef_flat_tensor *y,
                           nnx_attr_window *w);

/* lower_sampling.c: debox / desample (op DEBOX or DESAMPLE), multilinear_upsample, and the
 * compound down-samplers nearest_downsample / area_downsample (X mod factor == 0 checked). */
nnx_status lw_lower_reverse_window(lowerer *L, nnx_op op);
nnx_status lw_lower_upsample(lowerer *L);
nnx_status lw_lower_downsample(lowerer *L, bool area);

/* lower_roi.c: avg_roi_pool / max_roi_pool / roi_resample (op AVG_ROI_POOL, MAX_ROI_POOL or
 * ROI_RESAMPLE). */
nnx_status lw_lower_roi(lowerer *L, nnx_op op);

#endif
