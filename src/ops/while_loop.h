/* while_loop.h — core while_loop (TOSA WHILE_LOOP) and cond_if (TOSA COND_IF, ONNX If) take
 * their sub-graphs from ops/subgraph.h; this header keeps the name the TOSA builder includes. */
#ifndef NNX_OPS_WHILE_LOOP_H
#define NNX_OPS_WHILE_LOOP_H

#include "ops/subgraph.h"

#endif
