package io.github.hessiantime.interop;

import io.github.hessiantime.testsupport.ChildJvm;
import io.github.hessiantime.testsupport.DubboFrameTap;
import io.github.hessiantime.testsupport.FrameCounts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/dubbo.md, "Moving a DTO field from Date to LocalDateTime in a running fleet", end to end (issue 24): two peer
 * JVMs of module {@code peer-migration} (Dubbo 3.3.6 with the jar, {@code dubbo.application.hessian2-time.zone} set),
 * one with version 1 of the DTO ({@code Order.placedAt} a {@code Date}) and one with version 2 (the same field a
 * {@code LocalDateTime}), both running, each providing the order service and calling the other's at the same time,
 * through frame taps. Every call goes over {@code hessian2-time} (id 26) both ways; every order arrives holding the
 * moment in its reader's type: the Date's instant, or its wall clock in the configured zone.
 */
class MigrationPlaybookInteropTest {
    private static final String ZONE = "Asia/Shanghai";
    private static final int CALLS = 60;
    private static final long TIMEOUT = 90_000;

    @Test
    void aVersion1AndAVersion2PeerCallEachOtherOverHessian2TimeWithTheMomentRight(@TempDir Path v2Classes)
            throws Exception {
        Path module = Paths.get(System.getProperty("interop.peers"), "peer-migration");
        String base = module.resolve("target/classes") + File.pathSeparator
                + Files.readString(module.resolve("target/classpath.txt")).trim();
        // docs/dubbo.md's playbook quotes this test's calls
        DocsQuotes.assertDubboDocsQuote(CALLS + " calls each way, every frame id 26");
        compileVersion2(module.resolve("src/v2/java/io/github/hessiantime/migration/Order.java"), v2Classes);
        try (DubboFrameTap v1Tap = DubboFrameTap.inFrontOfAlias("migration-v1");
             DubboFrameTap v2Tap = DubboFrameTap.inFrontOfAlias("migration-v2");
             ChildJvm v1 = start("migration-v1", base, v1Tap);
             ChildJvm v2 = start("migration-v2", v2Classes + File.pathSeparator + base, v2Tap)) {
            for (ChildJvm peer : List.of(v1, v2)) {
                assertTrue(peer.awaitLine(TIMEOUT).ok(), peer + " did not start");
                peer.ok("provide", TIMEOUT);
            }
            assertTrue(v1.ok("version", TIMEOUT).line().contains("java.util.Date"));
            assertTrue(v2.ok("version", TIMEOUT).line().contains("java.time.LocalDateTime"));
            v1.ok("consume " + v2Tap.port(), TIMEOUT);
            v2.ok("consume " + v1Tap.port(), TIMEOUT);

            // both directions at once: v1 -> v2 and v2 -> v1
            CompletableFuture<ChildJvm.Answer> fromV1 = CompletableFuture.supplyAsync(() -> call(v1));
            CompletableFuture<ChildJvm.Answer> fromV2 = CompletableFuture.supplyAsync(() -> call(v2));
            for (ChildJvm.Answer answer : List.of(fromV1.get(TIMEOUT, TimeUnit.MILLISECONDS),
                    fromV2.get(TIMEOUT, TimeUnit.MILLISECONDS))) {
                assertEquals(CALLS, answer.longValue("right"), answer + " " + v1Tap.counts() + " " + v2Tap.counts());
                assertEquals(0, answer.longValue("failed"), answer.toString());
            }
            for (ChildJvm peer : List.of(v1, v2)) {
                ChildJvm.Answer served = peer.ok("served", TIMEOUT);
                assertEquals(CALLS, served.longValue("served"), peer + ": " + served);
                assertEquals(CALLS, served.longValue("right"), peer + ": " + served);
            }
            for (DubboFrameTap tap : List.of(v1Tap, v2Tap)) {
                FrameCounts counts = tap.counts();
                assertEquals(26, counts.onlySerializationId(), tap + ": " + counts);
                assertEquals(CALLS, counts.totalRequests(), tap + ": " + counts);
                assertEquals(0, counts.responsesInAnotherFormat(), tap + ": " + counts);
            }
            v1.exit("exit", TIMEOUT);
            v2.exit("exit", TIMEOUT);
        }
    }

    /**
     * docs/dubbo.md, security section: a service that declares only hessian2-time ({@code serialization} and
     * {@code prefer-serialization} both {@code hessian2-time}) in a provider JVM whose default remoting serialization
     * is hessian2-time ({@code DUBBO_DEFAULT_SERIALIZATION}: Dubbo always permits the default) serves id 26 and
     * refuses id 2, which a consumer without the jar sends; a service of the usual settings beside it serves both.
     */
    @Test
    void aProviderThatDeclaresOnlyHessian2TimeRefusesId2() throws Exception {
        Path module = Paths.get(System.getProperty("interop.peers"), "peer-migration");
        String classpath = module.resolve("target/classes") + File.pathSeparator
                + Files.readString(module.resolve("target/classpath.txt")).trim();
        try (DubboFrameTap tap = DubboFrameTap.inFrontOfAlias("migration-strict");
             ChildJvm peer = start("migration-strict", classpath, tap, "-DDUBBO_DEFAULT_SERIALIZATION=hessian2-time")) {
            assertTrue(peer.awaitLine(TIMEOUT).ok());
            peer.ok("provide strict hessian2-time hessian2-time", TIMEOUT);
            peer.ok("provide open hessian2 hessian2-time,hessian2", TIMEOUT);
            peer.ok("consume " + tap.port() + " strict26 strict hessian2-time", TIMEOUT);
            peer.ok("consume " + tap.port() + " strict2 strict -", TIMEOUT);
            peer.ok("consume " + tap.port() + " open2 open -", TIMEOUT);
            FrameCounts before = tap.counts();
            ChildJvm.Answer by26 = peer.ok("call 5 strict26", TIMEOUT);
            assertEquals(5, by26.longValue("right"), by26.toString());
            assertEquals(5L, tap.counts().minus(before).requestFrames().get(26), tap.counts().toString());
            before = tap.counts();
            ChildJvm.Answer by2 = peer.ok("call 5 strict2", TIMEOUT);
            assertEquals(5, by2.longValue("failed"), by2.toString());
            assertEquals(5L, tap.counts().minus(before).requestFrames().get(2), tap.counts().toString());
            ChildJvm.Answer open = peer.ok("call 5 open2", TIMEOUT);
            assertEquals(5, open.longValue("right"), open.toString());
            assertEquals(10, peer.ok("served", TIMEOUT).longValue("served"), "the refused calls never arrived");
            peer.exit("exit", TIMEOUT);
        }
    }

    private static ChildJvm.Answer call(ChildJvm peer) {
        try {
            return peer.ok("call " + CALLS, TIMEOUT);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ChildJvm start(String name, String classpath, DubboFrameTap tap, String... extraOptions)
            throws Exception {
        List<String> options = new ArrayList<>(List.of("-XX:TieredStopAtLevel=1", "-Xshare:auto", "-Xmx256m",
                "-XX:+UseSerialGC", "-Djava.net.preferIPv4Stack=true", "-Ddubbo.application.qos-enable=false",
                "-Ddubbo.application.logger=jdk", "-Ddubbo.service.shutdown.wait=3000",
                // the playbook's one setting: the zone both versions' local date-times mean
                "-Ddubbo.application.hessian2-time.zone=" + ZONE,
                "-Dmigration.registeredHost=" + DubboFrameTap.REGISTERED_HOST));
        options.addAll(List.of(extraOptions));
        return ChildJvm.launch("io.github.hessiantime.migration.MigrationPeer").classpath(classpath).jvmArgs(options)
                .args(name, Integer.toString(tap.port()), DubboFrameTap.PROVIDER_ALIAS_HOST)
                .log(Paths.get(System.getProperty("interop.logs"), name + ".log")).start(name);
    }

    /** Version 2 of the DTO, compiled from the module's src/v2/java into a directory of its own. */
    private static void compileVersion2(Path source, Path output) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        int status = compiler.run(null, null, null, "--release", "8", "-d", output.toString(), source.toString());
        assertEquals(0, status, "compiling " + source);
    }
}
