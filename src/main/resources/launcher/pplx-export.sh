#!/bin/sh
# The pplx-export (and pplx-ask) command: runs pplx-export.jar, found relative to this script (../pplx-export.jar
# in a build's target/bin, ../lib/pplx-export/pplx-export.jar where `pplx-export install` put it), with the java of
# $JAVA_HOME, else the first java on PATH. The jar's own launcher then starts the tuned JVM (class-data archive, C1
# only, serial GC, bounded heap, a UTF-8 locale when there is none). JVM options of your own: PPLX_EXPORT_JAVA_OPTS.
# Written by the build (target/bin) and by `pplx-export install`; pplx-ask is the same script under another name.
self=$0
while [ -h "$self" ]; do
    link=$(readlink "$self") || break
    case $link in
        /*) self=$link ;;
        *) self=$(dirname -- "$self")/$link ;;
    esac
done
here=$(CDPATH= cd -- "$(dirname -- "$self")" && pwd -P) || exit 2
name=$(basename -- "$0")
jar=
for candidate in "$here/../pplx-export.jar" "$here/../lib/pplx-export/pplx-export.jar"; do
    if [ -f "$candidate" ]; then
        jar=$candidate
        break
    fi
done
if [ -z "$jar" ]; then
    echo "$name: pplx-export.jar not found (looked in $here/.. and $here/../lib/pplx-export)" >&2
    exit 2
fi
if [ -n "$JAVA_HOME" ] && [ -x "$JAVA_HOME/bin/java" ]; then
    java=$JAVA_HOME/bin/java
else
    java=java
fi
if ! command -v "$java" >/dev/null 2>&1; then
    echo "$name: no java found: install Java 17 or later, or set JAVA_HOME" >&2
    exit 2
fi
# PPLX_EXPORT_JAVA_OPTS is split at spaces on purpose (several options)
exec "$java" $PPLX_EXPORT_JAVA_OPTS -jar "$jar" "$@"
