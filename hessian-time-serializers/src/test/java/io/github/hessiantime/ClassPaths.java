package io.github.hessiantime;

/**
 * What this JVM's class path holds, asked with the JDK alone, so that a JVM without hessian-lite or hessian-time can
 * ask it: the golden-vector generator (whose stock vectors must be written without hessian-time) and the old peer's
 * probe ({@link OldPeerProbe}).
 */
final class ClassPaths {
    private ClassPaths() {
    }

    static boolean canLoad(String className) {
        try {
            Class.forName(className);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
