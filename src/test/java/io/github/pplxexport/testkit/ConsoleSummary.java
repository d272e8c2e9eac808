package io.github.pplxexport.testkit;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The end of a test run on the build's console: how many tests passed, failed and were skipped, and
 * why each skipped test was skipped (e.g. the reference fixtures were not found), which surefire
 * would only write into its report files. Registered through META-INF/services; also marks where each
 * test class starts in target/test.log.
 */
public class ConsoleSummary implements TestExecutionListener {
    private static final Logger LOG = LoggerFactory.getLogger("test");

    private int passed;
    private int failed;
    private int skipped;
    /** Skip reason → the classes whose tests it skipped. */
    private final Map<String, Set<String>> reasons = new TreeMap<>();
    private TestPlan plan;

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        plan = testPlan;
    }

    @Override
    public void executionStarted(TestIdentifier id) {
        if (id.getSource().orElse(null) instanceof ClassSource c) {
            LOG.info("---- {}", c.getClassName());
        }
    }

    @Override
    public void executionSkipped(TestIdentifier id, String reason) {
        skip(id, reason);
    }

    @Override
    public synchronized void executionFinished(TestIdentifier id, TestExecutionResult result) {
        switch (result.getStatus()) {
            case ABORTED -> skip(id, result.getThrowable().map(Throwable::getMessage).orElse("aborted"));
            case FAILED -> failed += id.isTest() ? 1 : 0;
            case SUCCESSFUL -> passed += id.isTest() ? 1 : 0;
        }
    }

    private synchronized void skip(TestIdentifier id, String reason) {
        long tests = id.isTest() ? 1 : plan == null ? 0 : plan.getDescendants(id).stream().filter(TestIdentifier::isTest).count();
        skipped += (int) Math.max(tests, 1);
        String why = reason == null ? "no reason given" : reason.replaceFirst("^Assumption failed: ", "");
        reasons.computeIfAbsent(why, k -> new TreeSet<>()).add(className(id));
    }

    private String className(TestIdentifier id) {
        for (TestIdentifier t = id; t != null; t = plan == null ? null : plan.getParent(t).orElse(null)) {
            if (t.getSource().orElse(null) instanceof ClassSource c) {
                return c.getClassName().substring(c.getClassName().lastIndexOf('.') + 1);
            }
        }
        return id.getDisplayName();
    }

    @Override
    public synchronized void testPlanExecutionFinished(TestPlan testPlan) {
        System.out.printf("tests: %d passed, %d failed, %d skipped%n", passed, failed, skipped);
        reasons.forEach((why, classes) -> System.out.println("  skipped in " + String.join(", ", classes) + ": " + why));
    }
}
