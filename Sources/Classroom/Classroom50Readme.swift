extension Classroom50Kit {
    /// The kit's `README.md`: what each part is and the commands that make it an assignment.
    static func classroom50Readme() -> String {
        """
        # A Classroom 50 assignment: Combine networking, measured

        Written by `swift run workbook assignment classroom50`. Replace ORG with your GitHub
        organisation, CLASSROOM with your classroom's short name and SLUG with the assignment's
        (`combine`, say); docs/teaching.md in the full edition goes through each step.

        - `template/`: the student edition, which students get. Push it as a template repository:

          ```sh
          cd template
          git init -b main && git add -A && git commit -m "Combine networking workbook"
          gh repo create ORG/combine-template --private --source . --push
          gh repo edit ORG/combine-template --template
          ```

        - `bundle/`: your grading, which students never see: your copy of the checks and their
          runner (`workbook/`) and the script each test runs (`\(gradeScript)`). Commit it as
          `CLASSROOM/autograders/SLUG/` in your organisation's `classroom50` repository:

          ```sh
          cp -R bundle ../classroom50/CLASSROOM/autograders/SLUG
          (cd ../classroom50 && git add -A && git commit -m "Grading for SLUG" && git push)
          ```

        - `tests.json` and `runtime.json`: the assignment's grading, one test per exercise worth its
          points (100 in all), run on GitHub's Ubuntu 24.04 runner, which has Swift:

          ```sh
          gh teacher assignment add ORG CLASSROOM SLUG --name "Combine networking" \\
              --template ORG/combine-template --tests tests.json --runtime runtime.json
          ```

        Each test builds your runner (the first one takes minutes), copies in the student's
        `Sources/Exercises` file for its exercise, and passes when every one of that exercise's checks
        does. Whatever else the student's repository holds is not run; the files they changed outside
        their exercises are named in each test's output.

        """
    }
}
