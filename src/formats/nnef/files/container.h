/* container.h — an NNEF model container (NNEF 1.0.2 §5.1): a folder, a lone graph.nnef, a
 * .tar or a gzip-compressed .tar, read as a map from relative paths to bytes; the
 * variable-label-to-path rule; and a writer that stores files as a folder, a .tar or a .tgz.
 * Archives go through libarchive; the decisions taken are listed below.
 * Stage files/ (first): takes paths and bytes, gives file maps and decoded tensor data. */
#ifndef NNX_FORMATS_NNEF_CONTAINER_H
#define NNX_FORMATS_NNEF_CONTAINER_H

#include "base/alloc.h"
#include "base/error.h"

/*
 * Decisions (also among the NNEF decisions, "Reading and running NNEF")
 * ----------------------------------------------------------------------
 * Kind. A path that stat() calls a folder is a folder. A regular file is looked at: gzip
 * magic (1f 8b) -> tar.gz; "ustar" at offset 257, a valid V7 tar header checksum, or a
 * name ending in ".tar", ".tgz" or ".tar.gz" -> tar (libarchive then reads either);
 * bzip2/xz/zstd/zip magic -> NNX_ERROR_NOT_SUPPORTED; anything else -> a lone graph.nnef
 * (then "graph.nnef" is the only file: no weights are looked for beside it, as NNEF-Tools
 * does; open the folder to get them).
 *
 * graph.nnef is required (§5.1 "must be named 'graph.nnef'"): open fails with
 * NNX_ERROR_INVALID_MODEL without it. An archive whose entries all lie in one top folder
 * holding graph.nnef (`tar czf m.tgz model/`) is read as if that folder were the root.
 *
 * Archives are untrusted. At open every entry is checked and the files NNEF uses
 * (graph.nnef, graph.quant, *.dat, compared case-insensitively) are read into memory once;
 * other regular files (vendor files, alternative versions such as filter.dat.q8, §5.1) are
 * skipped unread. Rejected: entries that are not regular files or folders (symbolic and
 * hard links, devices, FIFOs); unsafe names (absolute, a ".." component, a backslash, a
 * control character, an empty component, longer than NNX_NNEF_PATH_MAX or a component
 * longer than 255 bytes); two entries with the same name (tar's "last one wins" would let a
 * later entry silently replace a checked one); more than options.max_entries entries.
 * Leading "./" is dropped. Decompression bombs (nnx_model_options max_archive_bytes,
 * max_archive_ratio; docs/CLI.md "Limits"): each regular entry's declared size is added up
 * at its header, before its data is read or skipped, and the total may exceed neither
 * options.max_bytes nor, once past NNX_ARCHIVE_RATIO_FLOOR, options.max_ratio times the
 * archive file's size (a plain .tar too: only its sparse entries can break it). Either is
 * NNX_ERROR_NOT_SUPPORTED through nnx_limit_error at "ARCHIVE:ENTRY". An entry's buffer grows
 * with the data libarchive really delivers, so a header claiming more than the stream holds
 * costs at most what the stream gives.
 *
 * Folders are the user's own file system: files are mapped on demand (nnx_file_map: large
 * .dat files are mmap'ed, not copied) and symbolic links are followed, as any tool reading a
 * folder does. Relative paths passed to get/has must satisfy the same safety rule, so a
 * caller cannot reach outside the folder through "..".
 *
 * Labels (§4.1.2 `variable`, NNEF 1.0.2 §4.1.3, §5.1, decision 45): nnx_nnef_label_path. The spec allows '\'
 * in a label, but it is a separator on one family of systems and an ordinary character on the
 * other, so no path is portable: nnx rejects it (NNX_ERROR_NOT_SUPPORTED). Labels compare
 * case-insensitively (§4.1.2), file systems and tar names do not: the variable lookup tries
 * "<label>.dat" exactly, then the unique path that matches it ignoring ASCII case (".DAT"
 * included); two such candidates are NNX_ERROR_INVALID_MODEL ("ambiguous").
 */

/* Longest relative path handled, in bytes without the NUL (Linux PATH_MAX - 1). */
#define NNX_NNEF_PATH_MAX 4095u
/* Default bound of the number of entries in an archive (folders included). */
#define NNX_NNEF_DEFAULT_MAX_ARCHIVE_ENTRIES (1u << 20)

typedef enum nnx_nnef_container_kind {
    NNX_NNEF_CONTAINER_FOLDER = 1,
    NNX_NNEF_CONTAINER_GRAPH_FILE = 2, /* a lone graph.nnef */
    NNX_NNEF_CONTAINER_TAR = 3,
    NNX_NNEF_CONTAINER_TGZ = 4 /* gzip-compressed tar */
} nnx_nnef_container_kind;

/* Valid when zeroed (defaults). Bounds apply to archives only. */
typedef struct nnx_nnef_container_options {
    uint64_t max_bytes;   /* total declared size of the regular entries; 0 = NNX_MAX_ARCHIVE_BYTES_DEFAULT */
    uint32_t max_ratio;   /* that total per byte of the archive file past NNX_ARCHIVE_RATIO_FLOOR;
                             0 = NNX_MAX_ARCHIVE_RATIO_DEFAULT */
    uint32_t max_entries; /* 0 = NNX_NNEF_DEFAULT_MAX_ARCHIVE_ENTRIES */
} nnx_nnef_container_options;

/* A container is used from one thread at a time (lookups fill a cache). err arguments
 * must not be NULL. */
typedef struct nnx_nnef_container nnx_nnef_container;

/* Opens path (see the decisions above). options may be NULL; a NULL alloc is libc. On
 * failure *out is NULL, nothing is left allocated, and err holds "PATH: error: ...":
 * NNX_ERROR_IO for system errors (with strerror), NNX_ERROR_INVALID_MODEL for a malformed
 * or unsafe archive or a missing graph.nnef, NNX_ERROR_NOT_SUPPORTED for an unsupported
 * compression or an exceeded bound, NNX_ERROR_OUT_OF_MEMORY. */
nnx_status nnx_nnef_container_open(const char *path, const nnx_nnef_container_options *options, const nnx_alloc *a,
                                   nnx_nnef_container **out, nnx_error *err);
/* Releases the container and every byte range it returned. NULL is a no-op. */
void nnx_nnef_container_close(nnx_nnef_container *c);

nnx_nnef_container_kind nnx_nnef_container_kind_of(const nnx_nnef_container *c);

/* Whether the regular file relpath ("graph.nnef", "conv1/filter.dat") exists, exact case.
 * False for an unsafe relpath. */
bool nnx_nnef_container_has(nnx_nnef_container *c, const char *relpath);

/* The bytes of relpath (exact case), valid until close; a second call returns the same
 * range. Absent: NNX_ERROR_IO "PATH: error: cannot open: No such file or directory" for
 * folders, "ARCHIVE: error: 'relpath' not found in the archive" for archives (use
 * nnx_nnef_container_has to tell absence from other I/O errors). An unsafe relpath is
 * NNX_ERROR_INVALID_ARGUMENT. */
nnx_status nnx_nnef_container_get(nnx_nnef_container *c, const char *relpath, const void **data, size_t *size,
                                  nnx_error *err);

/* The container-relative path of a variable's tensor file: "<label>.dat" if present, else
 * the unique case-insensitive match; *relpath is NULL (and NNX_OK returned) when there is
 * none. The string lives until close. Errors: a label nnx_nnef_label_path rejects, an
 * ambiguous match, an I/O error other than "absent" while scanning a folder. */
nnx_status nnx_nnef_container_find_variable(nnx_nnef_container *c, const char *label, const char **relpath,
                                            nnx_error *err);
/* find_variable + get. No file: NNX_ERROR_IO "PATH: error: no tensor file for variable
 * 'LABEL' (expected 'LABEL.dat')". relpath may be NULL. */
nnx_status nnx_nnef_container_get_variable(nnx_nnef_container *c, const char *label, const void **data, size_t *size,
                                           const char **relpath, nnx_error *err);

/* Writes "<label>.dat" into buf[0..size) (§5.1: label 'conv1/filter' -> conv1/filter.dat).
 * NNX_ERROR_INVALID_MODEL "variable label 'L': <rule>" for an empty label, a character
 * outside [A-Za-z0-9_./-] (§4.1.2), a leading '/', an empty, "." or ".." component, a
 * component over 255 bytes or a path over NNX_NNEF_PATH_MAX; NNX_ERROR_NOT_SUPPORTED for a
 * backslash; NNX_ERROR_INVALID_ARGUMENT when buf is too small. */
nnx_status nnx_nnef_label_path(const char *label, char *buf, size_t size, nnx_error *err);

/* Checks a container-relative path with the archive-entry rule above (no leading "./"
 * handling). NNX_ERROR_INVALID_ARGUMENT "'PATH': <rule>" when unsafe. */
nnx_status nnx_nnef_check_relpath(const char *relpath, nnx_error *err);

/* ------------------------------------------------------------------ writing */

typedef enum nnx_nnef_container_format {
    NNX_NNEF_FORMAT_AUTO = 0, /* by the name: ".tgz"/".tar.gz" -> TGZ, ".tar" -> TAR, else FOLDER */
    NNX_NNEF_FORMAT_FOLDER = 1,
    NNX_NNEF_FORMAT_TAR = 2,
    NNX_NNEF_FORMAT_TGZ = 3
} nnx_nnef_container_format;

typedef struct nnx_nnef_container_writer nnx_nnef_container_writer;

nnx_status nnx_nnef_container_writer_create(const nnx_alloc *a, nnx_nnef_container_writer **out, nnx_error *err);
void nnx_nnef_container_writer_destroy(nnx_nnef_container_writer *w); /* NULL is a no-op */

/* Adds a file (bytes copied). relpath must pass nnx_nnef_check_relpath and differ, ignoring
 * ASCII case, from every path added before (NNEF labels are case-insensitive, and so are
 * some file systems): NNX_ERROR_INVALID_ARGUMENT otherwise. */
nnx_status nnx_nnef_container_writer_add(nnx_nnef_container_writer *w, const char *relpath, const void *data,
                                         size_t size, nnx_error *err);
/* The same, taking ownership of data (from nnx_mem_alloc with the writer's allocator, or
 * NULL when size is 0): it is freed with the writer, or at once when the call fails. */
nnx_status nnx_nnef_container_writer_add_owned(nnx_nnef_container_writer *w, const char *relpath, void *data,
                                               size_t size, nnx_error *err);

/* Writes every file, in the order added.
 * FOLDER: path and the sub-folders are created as needed (existing ones are kept, as are
 *   files not added here); each file is replaced atomically (nnx_file_write_atomic).
 * TAR / TGZ: a POSIX (pax-restricted) tar, gzip-compressed for TGZ, built in memory and
 *   then written atomically. Entries are the files only (extractors create the folders),
 *   with mtime 0, uid/gid 0, mode 0644 and no gzip timestamp, so equal inputs give equal
 *   bytes. */
nnx_status nnx_nnef_container_writer_write(nnx_nnef_container_writer *w, const char *path,
                                           nnx_nnef_container_format format, nnx_error *err);

#endif
