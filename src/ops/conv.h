/* conv.h — checks shared by the convolutions CONV (conv.c) and DECONV (deconv.c): spatial
 * window steps and padding of nnx_attr_conv / nnx_attr_deconv. Each records
 * NNX_ERROR_INVALID_ARGUMENT in err and returns it on failure. Internal. */
#ifndef NNX_OPS_CONV_H
#define NNX_OPS_CONV_H

#include "base/error.h"

/* The n strides and n dilations must be nonzero ("strides [1, 0] contain 0"). */
nnx_status nnx_conv_check_steps(uint32_t n, const uint32_t *strides, const uint32_t *dilations, nnx_error *err);
/* Every one of the 2n pads lies in [-UINT32_MAX, UINT32_MAX], so extents stay exact in 64 bits. */
nnx_status nnx_conv_check_pads(uint32_t n, const int64_t *pads, nnx_error *err);
/* The name of spatial axis k of n in messages: "height" / "width" for 2-D (as WebNN),
 * else "spatial axis k"; buf holds at least 24 bytes. */
const char *nnx_conv_axis_name(uint32_t k, uint32_t n, char *buf);

#endif
