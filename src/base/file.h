/* file.h — whole-file input and atomic output (POSIX). Large files are memory-mapped
 * read-only so decoders read them in place; small ones are read into a buffer from the
 * allocator hook. Every error names the path and the system's reason (NNX_ERROR_IO). */
#ifndef NNX_BASE_FILE_H
#define NNX_BASE_FILE_H

#include "base/alloc.h"
#include "base/error.h"

/* Files of at least this many bytes are mapped; smaller ones are read (a mapping costs
 * a page and a system call or two, which dominates for small files). */
#define NNX_FILE_MAP_THRESHOLD ((size_t)64 * 1024)

/* The read-only bytes of a file. data is never NULL after a successful nnx_file_map, even
 * for an empty file. A mapped view must not outlive the file's length: truncating a file
 * while it is mapped makes reads past the new end fault (SIGBUS), as with any mmap. */
typedef struct nnx_file_view {
    const uint8_t *data;
    size_t size;
    bool mapped;            /* true: an mmap view; false: a copy from the allocator */
    const nnx_alloc *alloc; /* private: frees the copy */
} nnx_file_view;

/* Maps (size >= NNX_FILE_MAP_THRESHOLD) or reads a regular file. On failure *out is zeroed
 * and err holds "PATH: error: cannot <what>: <strerror>" with NNX_ERROR_IO, or
 * NNX_ERROR_OUT_OF_MEMORY when the buffer for a small file cannot be allocated. */
nnx_status nnx_file_map(const char *path, const nnx_alloc *a, nnx_file_view *out, nnx_error *err);
/* nnx_file_map of relpath inside folder dir, which must stay inside it once every symbolic
 * link is resolved (links that stay inside are fine; one that leads out is refused, as ONNX
 * Runtime refuses external data outside the model's folder). */
nnx_status nnx_file_map_inside(const char *dir, const char *relpath, const nnx_alloc *a, nnx_file_view *out,
                               nnx_error *err);
/* Releases a view and zeroes it; a zeroed view is a no-op. */
void nnx_file_unmap(nnx_file_view *view);

/* Writes len bytes to path atomically: a new file in the same folder (created 0666 minus
 * the umask, like fopen), written, fsync'ed, then renamed over path. Readers see the old
 * file or the complete new one, never a partial one; on failure the temporary is removed
 * and path is untouched. A symbolic link at path is replaced, not followed (rename). */
nnx_status nnx_file_write_atomic(const char *path, const void *data, size_t len, nnx_error *err);

#endif
