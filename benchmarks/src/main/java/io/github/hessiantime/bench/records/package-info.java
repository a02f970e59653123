/**
 * The page rows as records, for the records pages of {@code DubboPageRoundTripBenchmark}: issue 24's target, a page
 * of records over {@code hessian2-time} at least 0.95× as fast as the same page of classes.
 */
package io.github.hessiantime.bench.records;
