/* file.c — nnx_file_map (mmap for large files, read() into a buffer for small ones) and
 * nnx_file_write_atomic (temporary file + fsync + rename). POSIX only. System error texts
 * come from the thread-safe strerror_r, so messages can be built from any thread. */
#define _XOPEN_SOURCE 700 /* POSIX 2008 with realpath */

#include "base/file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define PATH_BUF 4096 /* longest path handled by write_atomic (Linux PATH_MAX) */

static const uint8_t empty_file[1];

/* strerror_r into buf: XSI variant under _POSIX_C_SOURCE; the GNU one if a build forces
 * _GNU_SOURCE (it may return a static string instead of filling buf). */
static const char *errno_text(int e, char *buf, size_t n)
{
#if defined(_GNU_SOURCE) && defined(__GLIBC__)
    return strerror_r(e, buf, n);
#else
    if (strerror_r(e, buf, n) != 0)
        snprintf(buf, n, "error %d", e);
    return buf;
#endif
}

static nnx_status io_error(nnx_error *err, const char *path, const char *what, int e)
{
    char text[128];
    return nnx_error_set(err, NNX_ERROR_IO, "%s: error: cannot %s: %s", path, what, errno_text(e, text, sizeof text));
}

/* read() until len bytes arrived; a short file (it shrank after fstat) is EIO-like. */
static int read_all(int fd, uint8_t *buf, size_t len)
{
    while (len) {
        ssize_t got = read(fd, buf, len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return errno;
        if (got == 0)
            return EIO; /* the file became shorter while being read */
        buf += got;
        len -= (size_t)got;
    }
    return 0;
}

static nnx_status read_small(int fd, const char *path, const nnx_alloc *a, size_t size, nnx_file_view *out,
                             nnx_error *err)
{
    if (size == 0) {
        out->data = empty_file;
        return NNX_OK;
    }
    uint8_t *buf = nnx_mem_alloc(a, size);
    if (!buf)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory reading %zu bytes", path, size);
    int e = read_all(fd, buf, size);
    if (e) {
        nnx_mem_free(a, buf);
        return io_error(err, path, "read", e);
    }
    out->data = buf;
    return NNX_OK;
}

static nnx_status map_large(int fd, const char *path, size_t size, nnx_file_view *out, nnx_error *err)
{
    void *p = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED)
        return io_error(err, path, "map", errno);
    out->data = p;
    out->mapped = true;
    return NNX_OK;
}

/* The size of an open regular file as size_t, or an errno value. */
static int regular_size(int fd, size_t *size)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return errno;
    if (S_ISDIR(st.st_mode))
        return EISDIR;
    if (!S_ISREG(st.st_mode))
        return ENODEV; /* pipes and devices have no size to map or read up front */
    if (st.st_size < 0 || (uintmax_t)st.st_size > (uintmax_t)SIZE_MAX)
        return EFBIG;
    *size = (size_t)st.st_size;
    return 0;
}

nnx_status nnx_file_map(const char *path, const nnx_alloc *a, nnx_file_view *out, nnx_error *err)
{
    *out = (nnx_file_view){NULL, 0, false, a};
    int fd;
    /* O_NONBLOCK: opening a FIFO must not wait for a writer; regular_size refuses anything but
     * a regular file before a byte is read (reads of regular files never block anyway) */
    do
        fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return io_error(err, path, "open", errno);
    size_t size = 0;
    int e = regular_size(fd, &size);
    nnx_status st = e == ENODEV ? nnx_error_set(err, NNX_ERROR_IO, "%s: error: cannot read: not a regular file", path)
        : e                     ? io_error(err, path, "read", e)
        : size >= NNX_FILE_MAP_THRESHOLD ? map_large(fd, path, size, out, err)
                                         : read_small(fd, path, a, size, out, err);
    close(fd); /* a mapping stays valid after its descriptor is closed (POSIX mmap) */
    if (st != NNX_OK)
        *out = (nnx_file_view){NULL, 0, false, a};
    else
        out->size = size;
    return st;
}

nnx_status nnx_file_map_inside(const char *dir, const char *relpath, const nnx_alloc *a, nnx_file_view *out,
                               nnx_error *err)
{
    *out = (nnx_file_view){NULL, 0, false, a};
    size_t n = strlen(dir) + strlen(relpath) + 2;
    char *joined = nnx_mem_alloc(a, n);
    if (!joined)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    snprintf(joined, n, "%s/%s", dir, relpath);
    char *real_dir = realpath(dir, NULL), *real_file = realpath(joined, NULL);
    nnx_status st = NNX_OK;
    if (!real_dir || !real_file) {
        st = io_error(err, joined, "open", errno);
    } else {
        size_t d = strlen(real_dir);
        bool inside = strncmp(real_file, real_dir, d) == 0 && (real_file[d] == '/' || (d == 1 && real_dir[0] == '/'));
        st = inside
            ? nnx_file_map(real_file, a, out, err)
            : nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                            "%s: error: cannot read: it leads out of the folder %s (a symbolic link)", joined, dir);
    }
    free(real_dir); /* realpath's allocation is malloc's */
    free(real_file);
    nnx_mem_free(a, joined);
    return st;
}

void nnx_file_unmap(nnx_file_view *view)
{
    if (view->data && view->mapped)
        munmap((void *)view->data, view->size);
    else if (view->data && view->data != empty_file)
        nnx_mem_free(view->alloc, (void *)view->data);
    *view = (nnx_file_view){NULL, 0, false, NULL};
}

/* ------------------------------------------------------------------ atomic write */

static int write_all(int fd, const uint8_t *p, size_t len)
{
    while (len) {
        ssize_t put = write(fd, p, len);
        if (put < 0 && errno == EINTR)
            continue;
        if (put < 0)
            return errno;
        p += put;
        len -= (size_t)put;
    }
    return 0;
}

/* Creates "<path>.<pid>.<n>.tmp" exclusively, retrying on a name collision. The caller's
 * tmp buffer receives the name. Returns the descriptor or -1 with errno set. */
static int create_temp(const char *path, char *tmp, size_t cap)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    unsigned long seed = (unsigned long)ts.tv_nsec ^ ((unsigned long)ts.tv_sec << 20);
    for (unsigned attempt = 0; attempt < 100; attempt++) {
        int n = snprintf(tmp, cap, "%s.%ld.%lu.tmp", path, (long)getpid(), seed + attempt);
        if (n < 0 || (size_t)n >= cap) {
            errno = ENAMETOOLONG;
            return -1;
        }
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    errno = EEXIST;
    return -1;
}

/* Makes the rename durable: fsync of the containing folder. Best effort (some file
 * systems refuse fsync on folders); the data itself was already synced. */
static void sync_folder(const char *path)
{
    char dir[PATH_BUF];
    const char *slash = strrchr(path, '/');
    size_t n = slash ? (size_t)(slash - path) : 0;
    if (n >= sizeof dir)
        return;
    if (!slash)
        strcpy(dir, ".");
    else if (n == 0)
        strcpy(dir, "/"); /* "/file" */
    else {
        memcpy(dir, path, n);
        dir[n] = '\0';
    }
    int fd = open(dir, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

nnx_status nnx_file_write_atomic(const char *path, const void *data, size_t len, nnx_error *err)
{
    char tmp[PATH_BUF + 64];
    int fd = create_temp(path, tmp, sizeof tmp);
    if (fd < 0)
        return io_error(err, path, "create a temporary file", errno);
    int e = write_all(fd, data, len);
    if (!e && fsync(fd) != 0)
        e = errno;
    if (close(fd) != 0 && !e)
        e = errno;
    if (e) {
        unlink(tmp);
        return io_error(err, path, "write", e);
    }
    if (rename(tmp, path) != 0) {
        e = errno;
        unlink(tmp);
        return io_error(err, path, "replace", e);
    }
    sync_folder(path);
    return NNX_OK;
}
