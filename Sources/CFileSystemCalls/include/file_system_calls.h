#ifndef ASSETC_FILE_SYSTEM_CALLS_H
#define ASSETC_FILE_SYSTEM_CALLS_H

/// Linux file-system calls that Swift's Glibc module does not export. Each returns -1 with `errno` set to
/// `ENOSYS` where the system has no such call, so the caller can fall back to the portable way.

/// Atomically exchanges the files at `first` and `second` (both must exist): `renameat2(...,
/// RENAME_EXCHANGE)`. Returns 0, or -1 with `errno` set.
int acat_exchange_files(const char *first, const char *second);

/// Reads the next directory entries of the open folder `descriptor` into `buffer` as `getdents64` records
/// (`d_ino`, `d_off`, `d_reclen`, `d_type`, then the NUL-terminated name). Returns the bytes written, 0 at the
/// end of the folder, or -1 with `errno` set.
long acat_read_directory_entries(int descriptor, void *buffer, unsigned long size);

/// Copies up to `count` bytes from offset `*source_offset` of the open file `source` to the current position of the
/// open file `target`, in the kernel (`copy_file_range`: no copy through the process, shared blocks where the file
/// system can), advancing `*source_offset` and the target's position. Returns the bytes copied (0 at the source's
/// end), or -1 with `errno` set (`ENOSYS`, `EXDEV`, `EINVAL` where the system cannot: copy by reading and writing).
long acat_copy_file_range(int source, long long *source_offset, int target, unsigned long count);

#endif
