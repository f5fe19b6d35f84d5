/* sequence_data.h — the kinds of a test model's graph values (tensor, sequence, optional)
 * and the test data read by kind, flattened to tensors as the ONNX loader flattens them
 * (formats/onnx/onnx.h, nnx_onnx_known_input): sequence_data.c. */
#ifndef NNX_ONNX_CONFORMANCE_SEQUENCE_DATA_H
#define NNX_ONNX_CONFORMANCE_SEQUENCE_DATA_H

#include "formats/onnx/onnx.h"
#include "roundtrip.h"

typedef enum sd_kind { SD_TENSOR, SD_SEQUENCE, SD_OPTIONAL } sd_kind;

typedef struct sd_value {
    char name[256];
    sd_kind kind;
} sd_value;

/* The graph's inputs that have no initializer, and its outputs (at most max of each). */
int sd_graph_values(const char *model, sd_value *in, size_t *n_in, sd_value *out, size_t *n_out, size_t max, char *why,
                    size_t wl);

/* Reads file path, the value of v, into t[*n …] (at most max in all; named as the loader
 * names them: v's name, or name[k] for a sequence's elements), advancing *n. For a sequence
 * or an absent optional, *has_meta is set and meta is the known entry the loader needs (its
 * length, or its absence; meta->name points at v->name). 0, or -1 with the reason in why. */
int sd_read_value(const nnx_alloc *alloc, const char *path, const sd_value *v, rt_tensor *t, size_t *n, size_t max,
                  nnx_onnx_known_input *meta, bool *has_meta, char *why, size_t wl);

#endif
