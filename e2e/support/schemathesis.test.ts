import { describeProblems, readJunitReport } from './schemathesis';

/** A report as Schemathesis 4 writes it (ElementTree, indented): one clean operation, one failing, one erroring, one skipped. */
const REPORT = `<?xml version="1.0" encoding="utf-8"?>
<testsuites errors="1" failures="1" skipped="1" tests="4" time="3.500000">
  <testsuite name="schemathesis" hostname="ci" errors="1" failures="1" skipped="1" tests="4" time="3.500000">
    <testcase name="GET /api/orders" time="1.000000" />
    <testcase name="DELETE /api/merchant-addresses/{id}" time="2.000000">
      <failure type="failure" message="not_a_server_error, status_code_conformance">1. Test Case ID: abc

- Server error

[500] Internal Server Error:

    \`{"message":"Errore &lt;interno&gt;"}\`

Reproduce with:

    curl -X DELETE -H 'Cookie: smista_session=x' http://127.0.0.1:4000/api/merchant-addresses/%00</failure>
    </testcase>
    <testcase name="POST /api/webhooks/{marketplace}" time="0.500000">
      <error type="error">Schema error &amp; more</error>
    </testcase>
    <testcase name="GET /t/{token}" time="0.000000">
      <skipped type="skipped">No examples</skipped>
    </testcase>
  </testsuite>
</testsuites>
`;

describe('readJunitReport', () => {
  test('counts the operations and lists each failure and error with its checks and the curl', () => {
    const report = readJunitReport(REPORT);
    expect({ tests: report.tests, failures: report.failures, errors: report.errors, skipped: report.skipped }).toEqual({ tests: 4, failures: 1, errors: 1, skipped: 1 });
    expect(report.operations).toEqual(['GET /api/orders', 'DELETE /api/merchant-addresses/{id}', 'POST /api/webhooks/{marketplace}', 'GET /t/{token}']);
    expect(report.problems).toHaveLength(2);
    expect(report.problems[0]).toMatchObject({ operation: 'DELETE /api/merchant-addresses/{id}', kind: 'failure', checks: 'not_a_server_error, status_code_conformance' });
    expect(report.problems[0]!.details).toContain('{"message":"Errore <interno>"}');
    expect(report.problems[0]!.details).toContain("curl -X DELETE -H 'Cookie: smista_session=x' http://127.0.0.1:4000/api/merchant-addresses/%00");
    expect(report.problems[1]).toEqual({ operation: 'POST /api/webhooks/{marketplace}', kind: 'error', checks: '', details: 'Schema error & more' });
  });

  test('says the problems one by one, operation and check first', () => {
    const text = describeProblems(readJunitReport(REPORT).problems);
    expect(text).toMatch(/^1\. DELETE \/api\/merchant-addresses\/\{id\}: check not_a_server_error, status_code_conformance\n/);
    expect(text).toContain('   curl -X DELETE');
    expect(text).toContain('2. POST /api/webhooks/{marketplace}: errore\n   Schema error & more');
  });

  test('refuses a file that is not a report', () => {
    expect(() => readJunitReport('<html></html>')).toThrow('report JUnit senza testsuite');
  });
});
