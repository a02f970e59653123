package io.github.hessiantime;

import io.github.hessiantime.testsupport.ChildJvm;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.nio.file.Paths;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 25, in a child JVM ({@link HostileBeansProbe} through test-support's {@link ChildJvm}) so that a crash fails
 * this test instead of the build: every hostile variant of a page of {@link HostileDtos} (a back reference written
 * over or into it at every offset, a flipped byte) is decoded by hessian-time's factories, and every field of every
 * bean that comes back is checked and then called through its declared type. None holds a wrong object, the child
 * survives, and no RuntimeException comes from hessian-time's code. The control, stock hessian-lite on the same
 * variants, does build beans with wrong objects in their fields (counted by reflection, never touched): the variants
 * reach what they aim at. On both hessian-lite lines (this class runs in both plain test executions).
 */
class HostileBeansChildJvmTest {
    private static final long TIMEOUT_MILLIS = 180_000;
    private static final int PAGES = 2;
    private static ChildJvm child;

    @BeforeAll
    static void start() throws Exception {
        Path log = Paths.get(System.getProperty("hessiantime.mainClasses"), "..", "hostile-beans-"
                + Hessian.hessianLiteLine() + ".log");
        // java.base opened only so that the probe can check a Throwable's cause by reflection
        child = ChildJvm.launch(HostileBeansProbe.class.getName())
                .jvmArgs("-Xmx256m", "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                        "-Djava.util.logging.config.file=" + System.getProperty("java.util.logging.config.file"))
                .log(log).start("hostile-beans");
        child.awaitLine(TIMEOUT_MILLIS);
    }

    @AfterAll
    static void stop() throws Exception {
        if (child != null) {
            child.exit("exit", TIMEOUT_MILLIS);
            child.close();
        }
    }

    @Test
    void noBeanOfHessianTimesFactoriesHoldsAWrongObjectAndTouchingThemAllIsSafe() throws Exception {
        for (String codec : new String[]{"inline", "compatible"}) {
            ChildJvm.Answer answer = child.ok("run " + codec + " touch " + PAGES, TIMEOUT_MILLIS);
            assertEquals(0, answer.longValue("wrongTyped"), codec + ": " + answer);
            assertEquals(0, answer.longValue("runtimeOurs"), codec + ": " + answer);
            assertEquals(0, answer.longValue("errors"), codec + ": " + answer);
            assertTrue(answer.longValue("built") > 1000 && answer.longValue("refused") > 1000, codec + ": " + answer);
        }
        assertTrue(child.isAlive());
    }

    /**
     * A class definition claiming 2^30 or 2^31-1 fields, in a JVM of 256 MB heap: hessian-time refuses it on
     * hessian-lite 4.0.x, before anything is allocated. On 3.2.x hessian-lite's stream reader allocates the names
     * before it asks any factory, which hessian-time cannot hook: the heap refuses the request with an
     * OutOfMemoryError in the reading thread, and the JVM goes on (docs/dubbo.md, "What it cannot protect").
     */
    @Test
    void absurdFieldCountsInASmallHeap() throws Exception {
        String expected = Hessian.hessianLiteLine().equals("4.0") ? "com.alibaba.com.caucho.hessian.io."
                + "HessianProtocolException" : OutOfMemoryError.class.getName();
        for (int count : new int[]{1 << 30, Integer.MAX_VALUE}) {
            assertEquals(expected, child.ok("definition " + count, TIMEOUT_MILLIS).value("thrown"), count + " fields");
        }
        assertTrue(child.isAlive());
    }

    /** The control: hessian-lite's Unsafe reader (4.0.x) stores the wrong objects the variants aim at. */
    @Test
    void stockHessianLiteBuildsBeansWithWrongObjectsFromTheSameVariants() throws Exception {
        ChildJvm.Answer answer = child.ok("run stock count " + PAGES, TIMEOUT_MILLIS);
        if (Hessian.hessianLiteLine().equals("4.0")) {
            assertTrue(answer.longValue("wrongTyped") > 10, answer.toString());
        } else {
            // 3.2.x sets fields by reflection, which checks types: it refuses instead
            assertEquals(0, answer.longValue("wrongTyped"), answer.toString());
        }
    }
}
