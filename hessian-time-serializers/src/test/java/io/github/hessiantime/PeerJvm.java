package io.github.hessiantime;

import io.github.hessiantime.testsupport.ChildJvm;
import io.github.hessiantime.testsupport.ChildProtocol;
import io.github.hessiantime.testsupport.EdgeCorpus;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;

/**
 * A stock hessian-lite peer in a child JVM ({@link OldPeerProbe} through test-support's {@link ChildJvm}), with or
 * without hessian-time on its class path.
 */
final class PeerJvm implements AutoCloseable {
    private static final long TIMEOUT_MILLIS = 60_000;
    private final ChildJvm child;

    private PeerJvm(String name, List<Path> classPath) throws IOException, InterruptedException {
        // hessian-lite 3.x prints reflection warnings on JDK 17+: they go to the log file, not the build log.
        Path log = Paths.get(System.getProperty("hessiantime.mainClasses"), "..", "peer-jvm-" + name + ".log");
        this.child = ChildJvm.launch(OldPeerProbe.class.getName()).classpath(classPath)
                .jvmArgs("-Xshare:auto", "-XX:TieredStopAtLevel=1", "-Xmx128m").log(log).start(name);
        child.awaitLine(TIMEOUT_MILLIS);
    }

    /** Stock hessian-lite, copied to {@code target/old-readers} by the build, and no hessian-time. */
    static PeerJvm without(String jarName) throws IOException, InterruptedException {
        return new PeerJvm(jarName, Arrays.asList(oldReaderJar(jarName), codeOf(OldPeerProbe.class),
                codeOf(ChildProtocol.class)));
    }

    /** The same hessian-lite with hessian-time's classes and resources: our jar added to the class path. */
    static PeerJvm withHessianTime(String jarName) throws IOException, InterruptedException {
        return new PeerJvm(jarName + "+hessian-time", Arrays.asList(oldReaderJar(jarName),
                Paths.get(System.getProperty("hessiantime.mainClasses")), codeOf(OldPeerProbe.class),
                codeOf(ChildProtocol.class)));
    }

    private static Path oldReaderJar(String jarName) {
        Path jar = Paths.get(System.getProperty("hessiantime.oldReaders"), jarName);
        if (!jar.toFile().exists()) {
            throw new IllegalStateException("missing " + jar);
        }
        return jar;
    }

    /** The class path entry (directory or jar) that holds {@code type}. */
    private static Path codeOf(Class<?> type) {
        try {
            return new File(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toPath();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** One answer: its words after "OK", the last one holding the rest of the line. */
    String[] ask(String command) throws InterruptedException {
        return child.ok(command, TIMEOUT_MILLIS).line().substring("OK ".length()).split(" ", 3);
    }

    boolean canLoad(String className) throws InterruptedException {
        return ask("load " + className)[0].equals("loadable");
    }

    /** The bytes of one fresh stream holding {@code values}, written by {@code new SerializerFactory()}. */
    byte[] write(Object... values) throws InterruptedException {
        StringBuilder command = new StringBuilder("write");
        for (Object value : values) {
            command.append(' ').append(EdgeCorpus.typeKey(value)).append(' ').append(value);
        }
        String[] answer = ask(command.toString());
        if (!answer[0].equals("hex")) {
            throw new AssertionError(child + ": " + String.join(" ", answer));
        }
        return Hex.parse(answer[1]);
    }

    @Override
    public void close() throws InterruptedException {
        child.exit("exit", TIMEOUT_MILLIS);
        child.close();
    }

    @Override
    public String toString() {
        return child.name();
    }
}
