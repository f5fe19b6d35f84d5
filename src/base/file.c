/* file.c — nnx_file_map (mmap for large files, read() into a buffer for small ones),
 * nnx_file_write_atomic[_all] (temporary files + fsync + rename) and the folder stage
 * (a temporary folder renamed into place). POSIX only. System error texts come from the
 * thread-safe strerror_r, so messages can be built from any thread. */
#define _XOPEN_SOURCE 700 /* POSIX 2008 with realpath */

#include "base/file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

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
    char dir[NNX_PATH_MAX];
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

/* Writes data to a new temporary file beside path (its name in tmp), fsync'ed and closed;
 * on failure nothing is left behind. */
static nnx_status write_temp(const char *path, const void *data, size_t len, char *tmp, size_t cap, nnx_error *err)
{
    int fd = create_temp(path, tmp, cap);
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
    return NNX_OK;
}

nnx_status nnx_file_write_atomic(const char *path, const void *data, size_t len, nnx_error *err)
{
    nnx_file_part part = {path, data, len};
    return nnx_file_write_atomic_all(&part, 1, err);
}

nnx_status nnx_file_write_atomic_all(const nnx_file_part *parts, size_t n, nnx_error *err)
{
    if (n == 0 || n > NNX_FILE_PARTS_MAX)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "write: %zu files in one output", n);
    char tmp[NNX_FILE_PARTS_MAX][NNX_PATH_MAX + 64];
    size_t made = 0;
    nnx_status st = NNX_OK;
    for (size_t i = 0; i < n && st == NNX_OK; i++) {
        struct stat sb; /* a folder in the way would make a rename fail after others succeeded */
        if (stat(parts[i].path, &sb) == 0 && S_ISDIR(sb.st_mode))
            st = io_error(err, parts[i].path, "replace", EISDIR);
        else if ((st = write_temp(parts[i].path, parts[i].data, parts[i].len, tmp[i], sizeof tmp[i], err)) == NNX_OK)
            made++;
    }
    for (size_t i = 0; i < n && st == NNX_OK; i++) {
        if (rename(tmp[i], parts[i].path) != 0)
            st = io_error(err, parts[i].path, "replace", errno);
        else
            tmp[i][0] = '\0';
    }
    for (size_t i = 0; i < made; i++)
        if (tmp[i][0])
            unlink(tmp[i]);
    for (size_t i = 0; st == NNX_OK && i < n; i++)
        sync_folder(parts[i].path);
    return st;
}

/* ------------------------------------------------------------------ folders */

nnx_status nnx_path_kind_of(const char *path, nnx_path_kind *kind, nnx_error *err)
{
    *kind = NNX_PATH_NONE;
    struct stat sb;
    if (stat(path, &sb) != 0)
        return errno == ENOENT ? NNX_OK : io_error(err, path, "inspect", errno);
    if (!S_ISDIR(sb.st_mode)) {
        *kind = NNX_PATH_FILE;
        return NNX_OK;
    }
    DIR *d = opendir(path);
    if (!d)
        return io_error(err, path, "list", errno);
    *kind = NNX_PATH_EMPTY_DIR;
    for (struct dirent *de; (de = readdir(d)) != NULL;)
        if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0) {
            *kind = NNX_PATH_DIR;
            break;
        }
    closedir(d);
    return NNX_OK;
}

/* Removes buf[0..len) and what is under it, links not followed; 0 or an errno value, with
 * buf then naming what could not be removed. */
static int remove_under(char *buf, size_t len)
{
    struct stat sb;
    if (lstat(buf, &sb) != 0)
        return errno == ENOENT ? 0 : errno;
    if (!S_ISDIR(sb.st_mode))
        return unlink(buf) == 0 || errno == ENOENT ? 0 : errno;
    /* POSIX leaves open whether readdir still returns every entry while entries are being
     * removed, so the folder is listed again while rmdir finds it not empty */
    for (int pass = 0;; pass++) {
        DIR *d = opendir(buf);
        if (!d)
            return errno;
        int e = 0;
        for (struct dirent *de; !e && (de = readdir(d)) != NULL;) {
            if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
                continue;
            size_t k = strlen(de->d_name);
            if (len + 1 + k >= NNX_PATH_MAX) {
                e = ENAMETOOLONG;
                break;
            }
            buf[len] = '/';
            memcpy(buf + len + 1, de->d_name, k + 1);
            if ((e = remove_under(buf, len + 1 + k)) == 0)
                buf[len] = '\0';
        }
        closedir(d);
        if (e)
            return e;
        if (rmdir(buf) == 0 || errno == ENOENT)
            return 0;
        if (errno != ENOTEMPTY && errno != EEXIST)
            return errno;
        if (pass == 2)
            return ENOTEMPTY;
    }
}

nnx_status nnx_remove_tree(const char *path, nnx_error *err)
{
    char buf[NNX_PATH_MAX];
    size_t n = strlen(path);
    if (n >= sizeof buf)
        return io_error(err, path, "remove", ENAMETOOLONG);
    memcpy(buf, path, n + 1);
    int e = remove_under(buf, n);
    return e ? io_error(err, buf, "remove", e) : NNX_OK;
}

/* mkdir for every parent of s->target that is missing, noting the first one made. */
static nnx_status make_parents(nnx_folder_stage *s, nnx_error *err)
{
    for (size_t i = 1; s->target[i]; i++) {
        if (s->target[i] != '/' || s->target[i - 1] == '/')
            continue;
        s->target[i] = '\0';
        int e = mkdir(s->target, 0777) == 0 ? 0 : errno;
        nnx_status st = e && e != EEXIST ? io_error(err, s->target, "create folder", e) : NNX_OK;
        s->target[i] = '/';
        if (st != NNX_OK)
            return st;
        if (!e && !s->made_from)
            s->made_from = i;
    }
    return NNX_OK;
}

nnx_status nnx_folder_stage_begin(nnx_folder_stage *s, const char *target, nnx_error *err)
{
    s->temp[0] = '\0';
    s->made_from = 0;
    size_t n = strlen(target);
    while (n > 1 && target[n - 1] == '/')
        n--;
    if (n == 0 || n >= sizeof s->target)
        return io_error(err, n ? target : "''", "create folder", n ? ENAMETOOLONG : ENOENT);
    memcpy(s->target, target, n);
    s->target[n] = '\0';
    struct stat lsb, sb;
    if (lstat(s->target, &lsb) == 0 && S_ISLNK(lsb.st_mode) && stat(s->target, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        char *real = realpath(s->target, NULL);
        if (!real)
            return io_error(err, s->target, "resolve", errno);
        size_t r = strlen(real);
        if (r < sizeof s->target)
            memcpy(s->target, real, r + 1);
        free(real); /* realpath's allocation is malloc's */
        if (r >= sizeof s->target)
            return io_error(err, target, "resolve", ENAMETOOLONG);
    }
    nnx_status st = make_parents(s, err);
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    unsigned long seed = (unsigned long)ts.tv_nsec ^ ((unsigned long)ts.tv_sec << 20);
    for (unsigned attempt = 0; st == NNX_OK && attempt < 100; attempt++) {
        snprintf(s->temp, sizeof s->temp, "%s.%ld.%lu.tmp", s->target, (long)getpid(), seed + attempt);
        if (mkdir(s->temp, 0777) == 0)
            return NNX_OK;
        if (errno != EEXIST || attempt == 99)
            st = io_error(err, s->target, "create a temporary folder", errno);
    }
    s->temp[0] = '\0';
    nnx_folder_stage_abort(s);
    return st;
}

void nnx_folder_stage_abort(nnx_folder_stage *s)
{
    nnx_error ignored = {0};
    if (s->temp[0])
        nnx_remove_tree(s->temp, &ignored);
    s->temp[0] = '\0';
    /* the parents begin made, deepest first; rmdir leaves any that is not empty */
    for (size_t i = strlen(s->target); s->made_from && i >= s->made_from; i--) {
        if (s->target[i] != '/')
            continue;
        s->target[i] = '\0';
        int gone = rmdir(s->target) == 0;
        s->target[i] = '/';
        if (!gone)
            break;
    }
    s->made_from = 0;
}

nnx_status nnx_folder_stage_commit(nnx_folder_stage *s, bool replace, nnx_error *err)
{
    if (rename(s->temp, s->target) == 0) { /* nothing there, or an empty folder (POSIX rename) */
        s->temp[0] = '\0';
        sync_folder(s->target);
        return NNX_OK;
    }
    int e = errno;
    if ((e != ENOTEMPTY && e != EEXIST) || !replace) {
        nnx_folder_stage_abort(s);
        return io_error(err, s->target, "replace", e);
    }
    char old[sizeof s->temp];
    struct stat sb;
    unsigned attempt = 0;
    do
        snprintf(old, sizeof old, "%s.%ld.%u.old", s->target, (long)getpid(), attempt);
    while (lstat(old, &sb) == 0 && ++attempt < 100);
    if (rename(s->target, old) != 0) {
        e = errno;
        nnx_folder_stage_abort(s);
        return io_error(err, s->target, "move the previous folder aside", e);
    }
    if (rename(s->temp, s->target) != 0) {
        e = errno;
        rename(old, s->target); /* back as it was */
        nnx_folder_stage_abort(s);
        return io_error(err, s->target, "replace", e);
    }
    s->temp[0] = '\0';
    sync_folder(s->target);
    nnx_error why = {0};
    if (nnx_remove_tree(old, &why) != NNX_OK)
        return nnx_error_set(err, NNX_ERROR_IO,
                             "%s: error: written, but its previous content, moved to %s, is left: %s", s->target, old,
                             why.message);
    return NNX_OK;
}
