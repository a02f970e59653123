package io.github.hessiantime.demo.launcher;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;

/** This JVM's classpath, and the same without the entry hessian-time's classes come from. */
final class Classpaths {
    final String withHessianTime;
    final String withoutHessianTime;

    private Classpaths(String withHessianTime, String withoutHessianTime) {
        this.withHessianTime = withHessianTime;
        this.withoutHessianTime = withoutHessianTime;
    }

    static Classpaths ofThisJvm() throws ClassNotFoundException, URISyntaxException {
        // hessian-time is a runtime-only dependency: its class is looked up by name, never imported
        Path hessianTime = Paths.get(Class.forName("ht.Instant").getProtectionDomain().getCodeSource()
                .getLocation().toURI()).toAbsolutePath().normalize();
        String classpath = System.getProperty("java.class.path");
        List<String> entries = List.of(classpath.split(File.pathSeparator));
        List<String> without = entries.stream()
                .filter(entry -> !Paths.get(entry).toAbsolutePath().normalize().equals(hessianTime))
                .collect(Collectors.toList());
        if (without.size() != entries.size() - 1) {
            throw new DemoStopped("hessian-time (" + hessianTime + ") is not exactly one entry of "
                    + "java.class.path; run the Launcher with a plain -cp");
        }
        return new Classpaths(classpath, String.join(File.pathSeparator, without));
    }
}
