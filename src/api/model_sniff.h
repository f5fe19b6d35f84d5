/* model_sniff.h — what kind of model a file holds, told from its first bytes (docs/decisions/
 * engine.md E35): the row nnx_model_load reads a path with, the extension only confirming. */
#ifndef NNX_API_MODEL_SNIFF_H
#define NNX_API_MODEL_SNIFF_H

#include <stddef.h>
#include <stdint.h>

/* The bytes the sniffer reads from the start of a file at most. */
#define NNX_SNIFF_BYTES 4096

typedef enum nnx_sniff_kind {
    NNX_SNIFF_UNKNOWN = 0, /* nothing nnx recognises (also empty and short files) */
    NNX_SNIFF_ONNX,        /* a protobuf ONNX ModelProto (see nnx_sniff_bytes) */
    NNX_SNIFF_NNEF_TEXT,   /* an NNEF graph document: `version` after whitespace and comments */
    NNX_SNIFF_NNEF_FOLDER, /* a folder holding graph.nnef */
    NNX_SNIFF_GZIP,        /* gzip (1f 8b): an NNEF archive (.tgz) */
    NNX_SNIFF_TAR,         /* POSIX tar ("ustar" at byte 257): an NNEF archive (.tar) */
    NNX_SNIFF_NNVM_JSON,   /* a JSON object with a "nodes" key: NNVM/TVM graph JSON */
    NNX_SNIFF_JSON,        /* some other JSON object */
    NNX_SNIFF_TOSA,        /* a flatbuffer with file identifier "TOSA" (bytes 4..7) */
    NNX_SNIFF_NPY          /* a NumPy .npy tensor file ("\x93NUMPY"), not a model */
} nnx_sniff_kind;

/* The kind of the n bytes b, the start of a file of file_size bytes (n <= file_size; n may
 * be less than the whole file). Never reads past b[n - 1]. */
nnx_sniff_kind nnx_sniff_bytes(const uint8_t *b, size_t n, uint64_t file_size);

/* The kind of the file or folder at path: a folder is NNEF_FOLDER when it holds graph.nnef;
 * a regular file is read (at most NNX_SNIFF_BYTES, opened without blocking); anything else,
 * or a path that cannot be read, is UNKNOWN (the loader then says why). */
nnx_sniff_kind nnx_sniff_path(const char *path);

#endif
