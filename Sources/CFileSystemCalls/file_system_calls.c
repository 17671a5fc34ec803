#define _GNU_SOURCE
#include "file_system_calls.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

int acat_exchange_files(const char *first, const char *second) {
#if defined(__linux__) && defined(RENAME_EXCHANGE)
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
#endif
}

long acat_read_directory_entries(int descriptor, void *buffer, unsigned long size) {
#if defined(__linux__) && defined(SYS_getdents64)
    return syscall(SYS_getdents64, descriptor, buffer, size);
#else
    (void)descriptor;
    (void)buffer;
    (void)size;
    errno = ENOSYS;
    return -1;
#endif
}

long acat_copy_file_range(int source, long long *source_offset, int target, unsigned long count) {
#if defined(__linux__) && defined(SYS_copy_file_range)
    long long offset = *source_offset;
    long copied = syscall(SYS_copy_file_range, source, &offset, target, NULL, count, 0u);
    if (copied > 0) *source_offset = offset;
    return copied;
#else
    (void)source;
    (void)source_offset;
    (void)target;
    (void)count;
    errno = ENOSYS;
    return -1;
#endif
}
