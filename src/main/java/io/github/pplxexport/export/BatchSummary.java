package io.github.pplxexport.export;

/** Counts of a finished batch run. */
public record BatchSummary(int ok, int skip, int fail, int total, int variantThreads) {
    public String line() {
        return "[batch] 完成。ok=" + ok + " skip=" + skip + " fail=" + fail + " / 共 " + total;
    }
}
