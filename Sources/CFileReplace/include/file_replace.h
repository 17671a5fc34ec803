#ifndef ASSETC_FILE_REPLACE_H
#define ASSETC_FILE_REPLACE_H

/// Atomically exchanges the files at `first` and `second` (both must exist): Linux's
/// `renameat2(..., RENAME_EXCHANGE)`, which Swift's Glibc module does not export. Returns 0, or -1 with
/// `errno` set; `ENOSYS` where the system has no such call (then rename the usual way).
int acat_exchange_files(const char *first, const char *second);

#endif
