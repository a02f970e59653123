package io.github.hessiantime;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM running {@link OldPeerProbe} with a chosen class path: a peer that really lacks hessian-time (hessian-lite
 * looks up JDK classes through the system class loader, so a class loader inside this JVM would not be isolated).
 */
final class PeerJvm implements AutoCloseable {
    private final Process process;
    private final PrintWriter commands;
    private final BufferedReader answers;
    private final String description;

    private PeerJvm(String description, List<File> classPath) throws IOException {
        StringBuilder path = new StringBuilder();
        for (File entry : classPath) {
            if (!entry.exists()) {
                throw new IllegalStateException("missing " + entry);
            }
            path.append(path.length() == 0 ? "" : File.pathSeparator).append(entry.getAbsolutePath());
        }
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> command = new ArrayList<>(List.of(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-Xmx128m",
                "-cp", path.toString(), OldPeerProbe.class.getName()));
        // hessian-lite 3.x prints reflection warnings on JDK 17+; keep them out of the build log, but keep them.
        File log = new File(System.getProperty("hessiantime.mainClasses"), "../peer-jvm-stderr.log");
        this.process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(log)).start();
        this.commands = new PrintWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8), true);
        this.answers = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        this.description = description;
    }

    /** Stock hessian-lite, copied to {@code target/old-readers} by the build, and no hessian-time. */
    static PeerJvm without(String jarName) throws IOException {
        return new PeerJvm(jarName, List.of(oldReaderJar(jarName), testClasses()));
    }

    /** The same hessian-lite with hessian-time's classes and resources: our jar added to the class path. */
    static PeerJvm withHessianTime(String jarName) throws IOException {
        return new PeerJvm(jarName + " + hessian-time", List.of(oldReaderJar(jarName),
                new File(System.getProperty("hessiantime.mainClasses")), testClasses()));
    }

    private static File oldReaderJar(String jarName) {
        return new File(System.getProperty("hessiantime.oldReaders"), jarName);
    }

    private static File testClasses() {
        try {
            return new File(OldPeerProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** One answer line, split at tabs. */
    String[] ask(String command) throws IOException {
        commands.println(command);
        String answer = answers.readLine();
        if (answer == null) {
            throw new IOException(description + " exited before answering: " + command);
        }
        return answer.split("\t", -1);
    }

    boolean canLoad(String className) throws IOException {
        return ask("load\t" + className)[0].equals("loadable");
    }

    /** The bytes of one fresh stream holding {@code values}, written by {@code new SerializerFactory()}. */
    byte[] write(Object... values) throws IOException {
        StringBuilder command = new StringBuilder("write");
        for (Object value : values) {
            command.append('\t').append(EdgeCorpus.typeKey(value)).append('\t').append(value);
        }
        String[] answer = ask(command.toString());
        if (!answer[0].equals("hex")) {
            throw new IOException(description + ": " + String.join(" ", answer));
        }
        return Hex.parse(answer[1]);
    }

    @Override
    public void close() throws InterruptedException {
        commands.close();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }

    @Override
    public String toString() {
        return description;
    }
}
