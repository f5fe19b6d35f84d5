/* file.h — whole-file input and atomic output (POSIX). Large files are memory-mapped
 * read-only so decoders read them in place; small ones are read into a buffer from the
 * allocator hook. Outputs are written under a temporary name beside their place and renamed
 * into it: single files, groups of files, and whole folders (nnx_folder_stage). Every error
 * names the path and the system's reason (NNX_ERROR_IO). */
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

/* One file of a group written as one output (nnx_file_write_atomic_all). */
typedef struct nnx_file_part {
    const char *path;
    const void *data;
    size_t len;
} nnx_file_part;
#define NNX_FILE_PARTS_MAX 4

/* Writes n (1 to NNX_FILE_PARTS_MAX) files as one output, such as a graph and its weights:
 * each to a temporary file beside it, and only once every one is written and fsync'ed, the
 * renames, in the order given (put the file readers open first last). A failure before the
 * renames leaves every path untouched and removes the temporaries; a rename fails only
 * when something other than a file sits at its path (a folder), which is checked first. */
nnx_status nnx_file_write_atomic_all(const nnx_file_part *parts, size_t n, nnx_error *err);

/* ------------------------------------------------------------------ folders */

/* What is at a path, following symbolic links. */
typedef enum nnx_path_kind {
    NNX_PATH_NONE = 0,      /* nothing (or a dangling link) */
    NNX_PATH_FILE = 1,      /* something that is not a folder */
    NNX_PATH_EMPTY_DIR = 2, /* a folder without entries */
    NNX_PATH_DIR = 3        /* a folder with entries */
} nnx_path_kind;

/* *kind for path; NNX_ERROR_IO naming the path when it cannot be told (a folder that cannot
 * be listed, a component that is not a folder). */
nnx_status nnx_path_kind_of(const char *path, nnx_path_kind *kind, nnx_error *err);

/* Removes path and, when it is a folder, everything under it, without following symbolic
 * links (a link is removed, not what it leads to). Nothing at path is fine. */
nnx_status nnx_remove_tree(const char *path, nnx_error *err);

#define NNX_PATH_MAX 4096 /* longest path the folder stage handles (Linux PATH_MAX) */

/* A folder written whole before it takes its place: begin makes an empty folder beside the
 * target (temp, "<target>.<pid>.<n>.tmp"), the caller writes into it, and commit renames it
 * to the target, or abort removes it. A target that is a symbolic link to a folder is
 * resolved first, so the content lands where the link leads (the caller chose the link).
 * Missing parents of the target are made by begin and removed again by abort. */
typedef struct nnx_folder_stage {
    char target[NNX_PATH_MAX];    /* where the folder goes */
    char temp[NNX_PATH_MAX + 64]; /* where it is written */
    size_t made_from;             /* length of the first parent begin made (0: none) */
} nnx_folder_stage;

nnx_status nnx_folder_stage_begin(nnx_folder_stage *s, const char *target, nnx_error *err);
/* Moves the written folder into place. Nothing or an empty folder at the target is replaced
 * by the rename; a folder with entries only when replace is true, by moving it aside
 * ("<target>.<pid>.<n>.old"), renaming the new one in and then removing the old one, so that
 * the target holds the old content or the new, never a mix. A failure leaves the target as
 * it was and removes the temporary folder. */
nnx_status nnx_folder_stage_commit(nnx_folder_stage *s, bool replace, nnx_error *err);
/* Removes the temporary folder and the parents begin made; for a failed write. */
void nnx_folder_stage_abort(nnx_folder_stage *s);

#endif
