#!/bin/sh
# The pplx-export (and pplx-ask) command: runs pplx-export.jar, found relative to this script (../pplx-export.jar
# in a build's target/bin, ../lib/pplx-export/pplx-export.jar where `pplx-export install` put it), with the java of
# $JAVA_HOME, else the first java on PATH, started as the jar's own launcher would start the tuned JVM (class-data
# archive, C1 only, serial GC, bounded heap). JVM options of your own: PPLX_EXPORT_JAVA_OPTS (then the jar's launcher
# starts the tuned JVM with them).
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
        # by its physical path, as the JVM's class-data archive records it
        jar=$(CDPATH= cd -- "$(dirname -- "$candidate")" && pwd -P)/pplx-export.jar || exit 2
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
if [ -z "$PPLX_EXPORT_JAVA_OPTS" ]; then
    # the JVM the jar's launcher would start (options written by the build from Launcher.JVM_OPTIONS, the class-data
    # archive beside the jar): the launcher then runs the command in it rather than start a second JVM; for serve and
    # mcp (an archive of their own) or without a UTF-8 locale it still does
    MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}
    export MALLOC_ARENA_MAX
    if [ -f "${jar%.jar}.jsa" ]; then
        exec "$java" @JVM_OPTIONS@ "-XX:SharedArchiveFile=${jar%.jar}.jsa" -jar "$jar" "$@"
    fi
    exec "$java" @JVM_OPTIONS@ -jar "$jar" "$@"
fi
# PPLX_EXPORT_JAVA_OPTS is split at spaces on purpose (several options)
exec "$java" $PPLX_EXPORT_JAVA_OPTS -jar "$jar" "$@"
