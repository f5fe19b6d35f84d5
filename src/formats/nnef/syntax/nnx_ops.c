/* nnx_ops.c — the table of the nnx_* extension of NNEF (nnx_ops.h, docs/NNEF-EXTENSIONS.md):
 * fragment name, core op and output shape rule of each nnx_ fragment. */
#include "formats/nnef/syntax/nnx_ops.h"

#include <string.h>

static const nnx_nnef_ext_op table[] = {
    {"nnx_erf", NNX_OP_ERF, NNX_NNEF_EXT_SAME},
    {"nnx_gelu", NNX_OP_GELU, NNX_NNEF_EXT_SAME},
    {"nnx_round_even", NNX_OP_ROUND_EVEN, NNX_NNEF_EXT_SAME},
    {"nnx_is_nan", NNX_OP_IS_NAN, NNX_NNEF_EXT_SAME},
    {"nnx_is_inf", NNX_OP_IS_INF, NNX_NNEF_EXT_SAME},
    {"nnx_reverse", NNX_OP_REVERSE, NNX_NNEF_EXT_SAME},
    {"nnx_cumulative_sum", NNX_OP_CUMULATIVE_SUM, NNX_NNEF_EXT_SAME},
    {"nnx_cumulative_product", NNX_OP_CUMULATIVE_PRODUCT, NNX_NNEF_EXT_SAME},
    {"nnx_triangular", NNX_OP_TRIANGULAR, NNX_NNEF_EXT_SAME},
    {"nnx_gather_elements", NNX_OP_GATHER_ELEMENTS, NNX_NNEF_EXT_INDICES},
    {"nnx_prod_reduce", NNX_OP_REDUCE_PRODUCT, NNX_NNEF_EXT_REDUCE},
    {"nnx_log_sum_exp_reduce", NNX_OP_REDUCE_LOG_SUM_EXP, NNX_NNEF_EXT_REDUCE},
    {"nnx_gather_nd", NNX_OP_GATHER_ND, NNX_NNEF_EXT_GATHER_ND},
    {"nnx_scatter_elements", NNX_OP_SCATTER_ELEMENTS, NNX_NNEF_EXT_SAME},
    {"nnx_scatter_nd", NNX_OP_SCATTER_ND, NNX_NNEF_EXT_SAME},
    {"nnx_l2_pool", NNX_OP_L2_POOL, NNX_NNEF_EXT_SIZES},
    {"nnx_resample", NNX_OP_RESAMPLE, NNX_NNEF_EXT_SIZES},
};

const nnx_nnef_ext_op *nnx_nnef_ext_find(const char *name)
{
    for (size_t i = 0; name && i < sizeof table / sizeof *table; i++)
        if (strcmp(table[i].name, name) == 0)
            return &table[i];
    return NULL;
}

const nnx_nnef_ext_op *nnx_nnef_ext_of(nnx_op op)
{
    for (size_t i = 0; i < sizeof table / sizeof *table; i++)
        if (table[i].op == op)
            return &table[i];
    return NULL;
}

bool nnx_nnef_ext_listed(const nnx_nnef_document *doc)
{
    for (uint32_t i = 0; doc && i < doc->extension_count; i++)
        if (doc->extensions[i].name && strcmp(doc->extensions[i].name, NNX_NNEF_EXT_NAME) == 0)
            return true;
    return false;
}
