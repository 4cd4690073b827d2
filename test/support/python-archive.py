"""Archives a folder with Python's tarfile or zipfile, as a Python build script would.

Usage: python3 python-archive.py <format> <folder> <archive>
Formats: tar-ustar, tar-gnu, tar-pax-gz, zip-deflated, zip-stored-zip64.
"""
import os
import stat
import sys
import tarfile
import zipfile

fmt, folder, archive = sys.argv[1:4]

if fmt.startswith('tar-'):
    formats = {'tar-ustar': (tarfile.USTAR_FORMAT, 'w'), 'tar-gnu': (tarfile.GNU_FORMAT, 'w'), 'tar-pax-gz': (tarfile.PAX_FORMAT, 'w:gz')}
    tar_format, mode = formats[fmt]
    with tarfile.open(archive, mode, format=tar_format) as tar:
        for name in sorted(os.listdir(folder)):
            tar.add(os.path.join(folder, name), arcname=name)
    sys.exit(0)

# zipfile has no notion of links or folders of its own: each entry is written with its Unix mode.
compression = zipfile.ZIP_DEFLATED if fmt == 'zip-deflated' else zipfile.ZIP_STORED
force_zip64 = fmt == 'zip-stored-zip64'
with zipfile.ZipFile(archive, 'w', compression=compression) as zf:
    for top, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(dirs + files):
            full = os.path.join(top, name)
            arcname = os.path.relpath(full, folder)
            st = os.lstat(full)
            if stat.S_ISDIR(st.st_mode):
                info = zipfile.ZipInfo(arcname + '/')
                info.external_attr = (st.st_mode << 16) | 0x10
                zf.writestr(info, b'')
                continue
            info = zipfile.ZipInfo(arcname)
            info.create_system = 3
            info.external_attr = st.st_mode << 16
            info.compress_type = compression
            data = os.readlink(full).encode() if stat.S_ISLNK(st.st_mode) else open(full, 'rb').read()
            with zf.open(info, 'w', force_zip64=force_zip64) as out:
                out.write(data)
