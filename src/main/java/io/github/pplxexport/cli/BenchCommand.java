package io.github.pplxexport.cli;

import picocli.CommandLine.Command;

import java.util.concurrent.Callable;

/** Placeholder replaced below. */
@Command(name = "bench", hidden = true)
public class BenchCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return 0;
    }
}
