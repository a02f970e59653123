package io.github.hessiantime.testsupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChildJvmTest {

    /** The child: answers "add a b" with "OK sum=..", fails on "boom", prints log lines in between. */
    public static void main(String[] args) throws Exception {
        ChildProtocol protocol = new ChildProtocol();
        System.out.println("a log line that is not protocol");
        protocol.line("OK started name=" + args[0] + " pid=" + ProcessHandle.current().pid());
        protocol.serve(words -> {
            switch (words[0]) {
                case "add":
                    return "OK sum=" + (Long.parseLong(words[1]) + Long.parseLong(words[2]));
                case "boom":
                    throw new IllegalStateException("boom\nsecond line");
                case "exit":
                    return "OK exiting";
                default:
                    return "FAIL unknown " + words[0];
            }
        }, "exit");
        System.exit(3);
    }

    private static ChildJvm start(Path log) throws Exception {
        return ChildJvm.launch(ChildJvmTest.class.getName()).jvmArgs("-Xmx32m").args("kid").log(log).start("kid");
    }

    @Test
    void readyLineCommandsAnswersAndExitCode(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("kid.log");
        try (ChildJvm child = start(log)) {
            ChildJvm.Answer ready = child.awaitLine(30_000);
            assertTrue(ready.ok(), ready.line());
            assertEquals("kid", ready.value("name"));
            assertEquals(42, child.ok("add 40 2", 10_000).longValue("sum"));
            ChildJvm.Answer failed = child.send("boom", 10_000);
            assertFalse(failed.ok());
            assertTrue(failed.line().contains("IllegalStateException: boom|second line"), failed.line());
            AssertionError notOk = assertThrows(AssertionError.class, () -> child.ok("nonsense", 10_000));
            assertTrue(notOk.getMessage().contains("FAIL unknown nonsense"), notOk.getMessage());
            assertEquals(3, child.exit("exit", 10_000));
        }
        String written = Files.readString(log);
        assertTrue(written.contains("a log line that is not protocol"), written);
        assertTrue(written.contains("@@ OK sum=42"), written);
    }

    @Test
    void closeEndsAChildThatIsStillRunning(@TempDir Path dir) throws Exception {
        ChildJvm child = start(dir.resolve("kid.log"));
        child.awaitLine(30_000);
        assertTrue(child.isAlive());
        child.close();
        assertFalse(child.isAlive());
        AssertionError gone = assertThrows(AssertionError.class, () -> child.ok("add 1 1", 5_000));
        assertTrue(gone.getMessage().contains("kid"), gone.getMessage());
    }

    @Test
    void noAnswerInTimeFailsNamingTheChildAndItsLog(@TempDir Path dir) throws Exception {
        try (ChildJvm child = ChildJvm.launch(ChildJvmTest.class.getName()).args("kid").log(dir.resolve("k.log"))
                .start("kid")) {
            child.awaitLine(30_000);
            child.ok("add 1 1", 10_000);
            AssertionError silent = assertThrows(AssertionError.class, () -> child.awaitLine(100));
            assertTrue(silent.getMessage().contains("kid: no protocol line within 100 ms"), silent.getMessage());
            assertTrue(silent.getMessage().contains("k.log"), silent.getMessage());
        }
    }
}
